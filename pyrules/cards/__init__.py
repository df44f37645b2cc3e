"""Cards: the bundled card data and users' card files (files: Scryfall and MTGJSON; index: big files in SQLite;
search: names as people type them), each card's faces (model), its mana symbols (mana), and its oracle text read
into the knowledge base's vocabulary (templates); db looks cards up by name."""
