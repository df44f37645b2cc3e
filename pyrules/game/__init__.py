"""A game in time: the scenario and each action as facts (facts), grounded moment by moment (engine), the state
read back (state), each player's options (options), and mana payments found by search (payment)."""
