"""The page of `pyrules serve`, in a real browser: headless Chromium driven by Selenium through chromedriver,
against a uvicorn server on a free loopback port (one browser and one server for the module).

Every example is opened, its board checked against `show --json` and photographed at 1280x900 and 400x800:
the pictures are saved for a person to look at, in $PYRULES_SCREENSHOTS if it is set, else in a folder
page-screenshots* under pytest's temporary directory (the test prints where)."""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import EXAMPLES
from pyrules.api import answer
from pyrules.input.document import parse_text

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,900")
AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
EXAMPLE_NAMES = sorted(p.name for p in EXAMPLES.glob("*.yaml"))
BONESPLITTER = "timeline_bonesplitter_falls_off_prowl.yaml"

pytestmark = pytest.mark.slow   # a browser and a server started, every example opened (some 30-70 s of a worker)


@pytest.fixture(scope="module")
def server():
    """`pyrules serve` in a process of its own (its own interpreter lock: the test's own answers, computed
    to compare, don't slow the server down), on a free loopback port."""
    proc = subprocess.Popen([sys.executable, "-m", "pyrules", "serve", "--port", "0", "--log-level", "warning"],
                            stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parent.parent)
    try:
        line = proc.stderr.readline()
        found = re.search(r"serving on (http://\S+?)/? ", line)
        assert found, f"pyrules serve did not start: {line}{proc.stderr.read() if proc.poll() is not None else ''}"
        url = found.group(1).rstrip("/")
        threading.Thread(target=proc.stderr.read, daemon=True).start()   # (its log, drained)
        deadline = time.monotonic() + 60
        while True:   # until the knowledge base is loaded and warm
            try:
                if httpx.get(url + "/health", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline and proc.poll() is None, "pyrules serve did not answer"
            time.sleep(0.05)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def page(server):
    with tempfile.TemporaryDirectory() as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.base_url = server
        try:
            viewport(driver, 1280, 900)
            yield driver
        finally:
            driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = os.environ.get("PYRULES_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("page-screenshots")
    path.mkdir(parents=True, exist_ok=True)
    print(f"\npage screenshots: {path}")
    return path


def viewport(driver, width: int, height: int) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def wait(driver, seconds: float = 30) -> WebDriverWait:
    return WebDriverWait(driver, seconds, poll_frequency=0.05)


def settle(driver) -> None:
    """Until the page has asked for everything it wanted and drawn the answers."""
    wait(driver).until(lambda d: d.execute_script(
        "return document.body.dataset.ready === 'true' && document.body.dataset.busy === '0'"))


def screenshot(driver, path: Path) -> None:
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})
    path.write_bytes(base64.b64decode(shot["data"]))


def open_page(driver, query: str = "", board_only: bool = False) -> None:
    """Open the page at /QUERY; wait for everything (or, board_only, for the board: the actions and the changes
    of the step may still be on their way)."""
    driver.get(driver.base_url + "/" + query)
    if board_only:
        wait(driver).until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    else:
        settle(driver)


def read(name: str) -> dict:
    return parse_text((EXAMPLES / name).read_text(encoding="utf-8"), name)


def set_text(driver, text: str) -> None:
    """Paste a scenario into the editor (opened if need be), as a person would: the page evaluates it."""
    if not driver.find_element(By.ID, "editor").is_displayed():
        driver.find_element(By.ID, "edit-toggle").click()
    box = driver.find_element(By.ID, "scenario")
    driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", box, text)
    settle(driver)


def text_of(element) -> str:
    return " ".join((element.get_attribute("textContent") or "").split())


def type_line(o: dict) -> str:
    left = " ".join(w.capitalize() for w in o["supertypes"] + o["types"])
    subs = " ".join(w.capitalize() for w in o["subtypes"])
    return f"{left} — {subs}" if subs else left


def p_t(o: dict) -> str | None:
    if o["power"] is None and o["toughness"] is None:
        return None
    return f"{'—' if o['power'] is None else o['power']}/{'—' if o['toughness'] is None else o['toughness']}"


# --- every example: its board is the `show` answer ---------------------------------------------------------

def test_every_example_is_offered(page, server):
    listed = [e["name"] for e in httpx.get(server + "/examples").json()["examples"]]
    assert listed == EXAMPLE_NAMES and len(listed) == 16   # every file of examples/, not a copy of some
    open_page(page)
    offered = [o.get_attribute("value") for o in Select(page.find_element(By.ID, "example")).options if o.get_attribute("value")]
    assert offered == EXAMPLE_NAMES and len(offered) == 16


# what the board shows, read from the page in one go: each card with its zone, its player and what is printed on it
READ_BOARD = """
const text = (e) => e ? e.textContent.replace(/\\s+/g, ' ').trim() : null;
const cards = [...document.querySelectorAll('#board .card')].map((c) => {
  const zone = c.closest('[data-zone]');
  const host = c.closest('.attach-group');
  return {id: c.dataset.id, zone: zone && zone.dataset.zone, player: zone && zone.dataset.player || null,
          name: text(c.querySelector('.c-name')), type: text(c.querySelector('.c-type')),
          pt: [...c.querySelectorAll('.c-pt')].map(text), face: c.dataset.face, tapped: c.classList.contains('tapped'),
          counters: [...c.querySelectorAll('.chip.counter')].map(text), all: text(c),
          host: host && host.dataset.host !== c.dataset.id ? host.dataset.host : null};
});
const players = {};
for (const p of document.querySelectorAll('#board .player')) players[p.dataset.player] = text(p.querySelector('.player-head'));
return {cards, players, facts: text(document.querySelector('#turnbar .turn-facts')),
        stack: [...document.querySelectorAll('#board [data-zone="stack"] .card')].map((c) => c.dataset.id)};
"""


def check_board(driver, doc: dict) -> None:
    """Each object of the `show` document is drawn in its zone, with its characteristics as the answer gives them."""
    board = driver.execute_script(READ_BOARD)
    cards = {c["id"]: c for c in board["cards"]}
    assert len(cards) == len(board["cards"]) and set(cards) == set(doc["objects"])   # each object once
    objects = doc["objects"]
    for oid, o in objects.items():
        card = cards[oid]
        zone = o["zone"]
        assert card["zone"] == zone
        if zone != "stack":
            assert card["player"] == (o["controller"] if zone == "battlefield" else o["owner"])
        if o.get("ability_of"):
            source = objects.get(o["ability_of"])
            assert card["name"] == (source["name"] if source else o["ability_of"])
        else:
            assert card["name"] == o["name"] and card["type"] == type_line(o)
        assert card["pt"] == ([p_t(o)] if p_t(o) else [])
        assert card["face"] == (o["face"] or "")
        assert card["tapped"] == bool(o.get("tapped"))
        assert card["counters"] == [f"{k} {n}" for k, n in o["counters"].items() if n]
        if o.get("damage"):
            assert f"{o['damage']} damage" in card["all"]
        if o.get("attacking"):
            assert f"attacking {o['attacking']}" in card["all"]
        on_field = o.get("attached_to") and objects.get(o["attached_to"], {}).get("zone") == "battlefield"
        assert card["host"] == (o["attached_to"] if on_field else None)   # drawn under what it is attached to
    assert board["stack"] == list(reversed(doc.get("stack", [])))   # top first
    turn = doc["turn"]
    assert board["facts"].startswith(f"{turn['active'].capitalize()}'s turn")
    assert (f"{turn['priority'].capitalize()} has priority" if turn["priority"] else "no one has priority") in board["facts"]
    for p, info in doc["players"].items():
        head = board["players"][p]
        assert f"life {info['life']}" in head and f"hand {info['hand']}" in head
        assert f"Library {info['library']}" in head and f"Graveyard {info['graveyard']}" in head


def test_the_board_of_every_example_shows_every_object_in_its_zone(page, shots):
    # the answers the page must draw, computed beside the browser's work
    with ThreadPoolExecutor(1) as pool:
        expected = {n: pool.submit(answer, "show", {"scenario": read(n)}) for n in EXAMPLE_NAMES}
        for name in EXAMPLE_NAMES:
            viewport(page, 1280, 900)
            open_page(page, f"?example={name}", board_only=True)
            code, doc = expected[name].result()
            assert code in (0, 1)
            check_board(page, doc)
            screenshot(page, shots / f"{name[:-5]}-1280x900.png")
            viewport(page, 400, 800)
            assert page.execute_script("return document.documentElement.scrollWidth") <= 400   # nothing sticks out
            screenshot(page, shots / f"{name[:-5]}-400x800.png")
    viewport(page, 1280, 900)
    assert len(list(shots.glob("*.png"))) >= 2 * len(EXAMPLE_NAMES)


# --- the timeline ------------------------------------------------------------------------------------------

def test_stepping_through_the_bonesplitter_timeline_shows_the_unattach(page):
    # CR 704.5n, 301.5c: converted on Bob's turn, Prowl is a noncreature Vehicle (living metal, BOT-05), so the
    # state-based actions unattach the Equipment
    expected = answer("show", {"scenario": read(BONESPLITTER)})[1]["state_based_actions"]
    assert expected == [{"action": "unattach", "object": "bonesplitter", "rule": "CR 704.5n"}]
    open_page(page, f"?example={BONESPLITTER}&step=0")
    report = page.find_element(By.ID, "step-report")
    assert "unattach" not in text_of(report)
    assert page.find_elements(By.CSS_SELECTOR, '.attach-group[data-host="prowl"] .card[data-id="bonesplitter"]')
    assert text_of(page.find_element(By.CSS_SELECTOR, '.card[data-id="prowl"] .c-pt')) == "5/3"   # equipped: +2/+0
    page.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)   # the keyboard steps too
    settle(page)
    assert page.find_element(By.ID, "step-slider").get_attribute("value") == "1"
    (sba,) = report.find_elements(By.CSS_SELECTOR, ".sba li")
    assert text_of(sba) == "unattach Bonesplitter (bonesplitter) CR 704.5n"
    assert text_of(report.find_element(By.CSS_SELECTOR, ".did")) == "Step 1: Prowl, Stoic Strategist converts."
    assert not page.find_elements(By.CSS_SELECTOR, ".attach-group")
    prowl = page.find_element(By.CSS_SELECTOR, '.card[data-id="prowl"]')
    assert prowl.get_attribute("data-face") == "back" and text_of(prowl.find_element(By.CSS_SELECTOR, ".c-name")) == "Prowl, Pursuit Vehicle"
    assert "becomes unattached from" in text_of(report.find_element(By.CSS_SELECTOR, ".changes"))
    assert "step=1" not in page.current_url  # the last step is the default
    page.find_element(By.ID, "step-prev").click()
    settle(page)
    assert "step=0" in page.current_url and f"example={BONESPLITTER}" in page.current_url


def test_an_illegal_step_is_a_sentence_with_its_reasons(page):
    text = ("players: [alice, bob]\nturn: {active: bob, phase: precombat_main}\nobjects:\n"
            "  - {id: bears, card: Grizzly Bears, owner: alice, zone: hand}\nactions:\n  - {cast: bears, by: alice}\n")
    error = answer("show", {"scenario": parse_text(text)})[1]["error"]
    # CR 117.1, 117.1a: on Bob's turn, without priority, Alice can't cast a creature
    assert [r["rule"] for r in error["why_not"]] == ["CR 117.1", "CR 117.1a"]
    open_page(page, f"?example={BONESPLITTER}")
    set_text(page, text)
    box = page.find_element(By.CSS_SELECTOR, "#step-report .illegal-step")
    assert text_of(box.find_element(By.TAG_NAME, "p")).startswith("Step 1 is not allowed: Alice casts Grizzly Bears.")
    reasons = [text_of(li) for li in box.find_elements(By.CSS_SELECTOR, "li")]
    assert reasons == [f"{r['reason'][0].upper()}{r['reason'][1:]} {r['rule']}" for r in error["why_not"]]
    assert "{" not in text_of(box)   # a sentence, not the action's JSON
    assert "illegal" in page.find_element(By.CSS_SELECTOR, '#steps li[data-step="1"]').get_attribute("class")
    # the pasted scenario is no example: the list says so, and the link carries the text itself
    assert Select(page.find_element(By.ID, "example")).first_selected_option.get_attribute("value") == ""
    url = page.current_url
    assert "example=" not in url and "#s=z." in url
    packed = url.split("#s=z.", 1)[1]
    assert zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)), -15).decode() == text
    open_page(page, url[len(page.base_url) + 1:])   # the shared link opens the same scenario
    assert page.find_element(By.ID, "scenario").get_property("value") == text
    assert page.find_elements(By.CSS_SELECTOR, "#step-report .illegal-step")


def test_bad_input_shows_one_line_naming_the_field(page):
    open_page(page)
    set_text(page, "players: [alice, bob]\nturn: {active: carol, phase: precombat_main}\nobjects: []\n")
    error = page.find_element(By.ID, "error")
    assert error.is_displayed()
    bad = {"players": ["alice", "bob"], "turn": {"active": "carol", "phase": "precombat_main"}, "objects": []}
    e = answer("show", {"scenario": bad})[1]["error"]
    assert error.text == f"{e['field']}: {e['message']}"
    assert "\n" not in error.text
    assert not page.find_element(By.ID, "game").is_displayed()  # no board of an earlier scenario left showing


# --- actions and explanations ------------------------------------------------------------------------------

def test_a_click_on_an_action_explains_it_and_the_tree_opens_where_it_matters(page):
    name = "cast_uro_escape.yaml"
    listed = answer("actions", {"scenario": read(name), "all": True, "explain": True})[1]["actions"]
    # Uro may be cast from the graveyard with escape (CR 702.138a); six other casts from the graveyard are not
    # allowed for one reason (CR 601.3), and are folded under it
    (index,) = [i for i, a in enumerate(listed) if a["object"] == "uro" and a["method"] == "escape"]
    assert listed[index]["legal"] and sum(not a["legal"] for a in listed) == 6
    open_page(page, f"?example={name}")
    rows = page.find_elements(By.CSS_SELECTOR, "#actions table.options tbody tr.opt")
    assert [r.get_attribute("data-index") for r in rows] == [str(i) for i, a in enumerate(listed) if a["legal"]]
    folded = page.find_element(By.CSS_SELECTOR, "#actions details.not-legal")
    assert folded.get_attribute("open") is None and "Not legal now: 6 (1 reason)" in text_of(folded)
    assert text_of(folded.find_element(By.CSS_SELECTOR, ".reason")).endswith("CR 601.3")
    row = page.find_element(By.CSS_SELECTOR, f'#actions tr.opt[data-index="{index}"]')
    assert text_of(row.find_element(By.CSS_SELECTOR, ".pay")) == "can't pay now"   # the payable column
    row.find_element(By.CSS_SELECTOR, "button.opt-name").click()
    settle(page)
    panel = page.find_element(By.ID, "panel-explain")
    assert panel.is_displayed()
    expected = listed[index]["explanation"]
    summary = panel.find_element(By.CSS_SELECTOR, ".summary")
    root = panel.find_element(By.CSS_SELECTOR, ".tree > details > summary .claim")
    assert summary.text == expected["summary"] and root.text == expected["claim"]
    assert summary.location["y"] < root.location["y"]   # the short answer first
    # the premises the short answer cites are shown, their ancestors open
    decides = panel.find_elements(By.CSS_SELECTOR, ".tree .decides")
    assert decides and all(d.is_displayed() for d in decides)
    for d in decides:
        refs = [text_of(x) for x in d.find_elements(By.CSS_SELECTOR, ":scope > summary > .cite, :scope > .cite")]
        assert refs and f"({refs[0]}" in expected["summary"]
    # a "see [n]" link opens the folded node it points to and brings it into view
    fold = panel.find_element(By.XPATH, ".//button[text()='Fold all']")
    for link in panel.find_elements(By.CSS_SELECTOR, ".tree .see"):
        fold.click()
        for above in link.find_elements(By.XPATH, "ancestor::details"):   # unfold the way to the link only
            if above.get_attribute("open") is None:
                above.find_element(By.XPATH, "./summary/span[@class='claim']").click()
        target = page.find_element(By.CSS_SELECTOR, f'.tree [data-n="{link.get_attribute("data-see")}"]')
        if link.is_displayed() and not target.is_displayed():
            break
    else:
        pytest.fail("no reference to a folded node")
    link.click()
    wait(page).until(lambda d: target.is_displayed())


def test_do_it_appends_the_action_to_the_timeline_and_undo_takes_it_back(page):
    name = "cast_uro_escape.yaml"
    open_page(page, f"?example={name}")
    row = next(r for r in page.find_elements(By.CSS_SELECTOR, "#actions tr.opt") if "Think Twice" in r.text)
    row.find_element(By.CSS_SELECTOR, "button.do").click()
    settle(page)
    text = page.find_element(By.ID, "scenario").get_property("value")
    assert text.endswith("actions:\n  - {cast: twice, by: alice, method: flashback}\n")
    assert parse_text(text)["actions"] == [{"cast": "twice", "by": "alice", "method": "flashback"}]
    # Think Twice cast with flashback is on the stack (CR 702.34a, 601.2a); the stepper is at that step
    assert page.find_element(By.ID, "step-slider").get_attribute("value") == "1"
    assert page.find_elements(By.CSS_SELECTOR, '[data-zone="stack"] .card[data-id="twice"]')
    assert Select(page.find_element(By.ID, "example")).first_selected_option.get_attribute("value") == ""
    page.find_element(By.ID, "undo").click()
    settle(page)
    assert page.find_element(By.ID, "scenario").get_property("value") == (EXAMPLES / name).read_text(encoding="utf-8")
    assert not page.find_elements(By.CSS_SELECTOR, '[data-zone="stack"] .card')


def test_a_plan_from_the_goal_box_is_shown_as_steps_to_play(page):
    # README, Plans: Kroxa's escape exiles five other cards (CR 702.138a) and the graveyard holds three: Village
    # Rites sacrifices the Bears as it is cast and goes to the graveyard as it resolves — then Kroxa escapes
    plan = [{"cast": "rites", "by": "alice", "method": "normal"}, {"resolve": "top"},
            {"cast": "kroxa", "by": "alice", "method": "escape"}]
    open_page(page, "?example=plan_kroxa_escape.yaml")
    page.find_element(By.ID, "tab-plan").click()
    page.find_element(By.ID, "goal").send_keys("cast kroxa escape", Keys.ENTER)
    settle(page)
    steps = page.find_elements(By.CSS_SELECTOR, "#plan .plan-steps li code.flow")
    assert [parse_text(s.text) for s in steps] == plan
    page.find_element(By.CSS_SELECTOR, "#plan button.do").click()
    settle(page)
    assert parse_text(page.find_element(By.ID, "scenario").get_property("value"))["actions"] == plan
    assert page.find_element(By.ID, "step-slider").get_attribute("value") == "3"
    assert page.find_elements(By.CSS_SELECTOR, '[data-zone="stack"] .card[data-id="kroxa"]')


def test_the_page_shows_the_lines_not_modelled_and_whether_a_cast_can_be_paid(page):
    # docs/guide/json.md: the notes beside the answers; a cast the rules allow that can't be paid now says so, and why
    name = "cast_arcee_with_thalia.yaml"
    shown = answer("show", {"scenario": read(name)})[1]
    listed = answer("actions", {"scenario": read(name), "all": True})[1]["actions"]
    open_page(page, f"?example={name}")
    notes = page.find_element(By.ID, "notes")
    items = notes.find_elements(By.TAG_NAME, "li")
    assert notes.is_displayed() and len(items) == len(shown["not_modelled"]) > 0
    assert shown["not_modelled"][0]["text"] in text_of(items[0])
    (index,) = [i for i, a in enumerate(listed) if a["object"] == "arcee" and a["method"] == "normal"]
    assert listed[index]["legal"] and listed[index]["payable"] is False   # no mana source on the board
    row = page.find_element(By.CSS_SELECTOR, f'#actions tr.opt[data-index="{index}"]')
    assert text_of(row.find_element(By.CSS_SELECTOR, ".pay")) == "can't pay now"
    detail = page.find_element(By.CSS_SELECTOR, f'#actions tr.opt-detail[data-detail-of="{index}"]')
    reason = listed[index]["payment_why_not"][0]["reason"]
    assert reason[0].upper() + reason[1:] in text_of(detail)
    # every line of a card is marked with what pyrules reads of it
    lines = page.find_elements(By.CSS_SELECTOR, '.card[data-id="arcee"] .c-text .line[data-status]')
    assert {x.get_attribute("data-status") for x in lines} <= {"modelled", "read", "not_modelled"} and lines


# --- accessibility -----------------------------------------------------------------------------------------

def test_the_page_has_no_accessibility_violations(page):
    open_page(page, "?example=timeline_equip_and_attack.yaml&step=4")
    page.find_element(By.CSS_SELECTOR, '.card[data-id="prowl"] .c-name').click()   # the inspector open too
    settle(page)
    page.execute_script(AXE.read_text(encoding="utf-8"))
    for width, height in ((1280, 900), (400, 800)):
        viewport(page, width, height)
        result = page.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})"
            ".then(r => done(JSON.stringify(r.violations.map(v => ({id: v.id, help: v.help,"
            " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))))).catch(e => done(String(e)));")
        assert json.loads(result) == [], f"at {width}px: {result}"
    viewport(page, 1280, 900)


def test_the_page_says_when_the_game_is_over_and_who_won(page):
    # bob at 0 life: after alice's pass the state-based actions make him lose (CR 704.5a, 104.3b), and in a game of
    # two alice, the only player left, wins: the game is over (CR 104.2a)
    text = ("players: [alice, bob]\nlife: {bob: 0}\nturn: {active: alice, phase: precombat_main}\nobjects:\n"
            "  - {id: bears, card: Grizzly Bears, owner: alice, zone: battlefield}\nactions:\n  - {pass: alice}\n")
    doc = answer("show", {"scenario": parse_text(text)})[1]
    assert doc["game_over"] is True and doc["won"] == ["alice"]
    open_page(page, f"?example={BONESPLITTER}")
    set_text(page, text)
    box = page.find_element(By.CSS_SELECTOR, "#step-report .game-over")
    assert text_of(box) == "The game is over: Alice wins."
    assert box.get_attribute("data-won") == "alice"
    # a game both players are still in says nothing of the kind
    set_text(page, text.replace("life: {bob: 0}\n", ""))
    assert not page.find_elements(By.CSS_SELECTOR, "#step-report .game-over")
