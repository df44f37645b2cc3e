"""The page of `pyrules serve`, in a real browser: headless Chromium driven by Selenium through chromedriver,
against a uvicorn server on a free loopback port."""

from __future__ import annotations

import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import EXAMPLES
from pyrules.apps import service
from pyrules.api import answer
from pyrules.input.document import parse_text

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,900")
EXAMPLE = "cast_uro_escape.yaml"


@pytest.fixture(scope="module")
def page():
    with tempfile.TemporaryDirectory() as profile, service.Background() as url:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        try:
            driver.get(url + "/")
            wait(driver).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
            yield driver
        finally:
            driver.quit()


def wait(driver, seconds: float = 10) -> WebDriverWait:
    return WebDriverWait(driver, seconds, poll_frequency=0.05)


def evaluate_example(page, name: str) -> list:
    """Pick the example in the list, load it, press Evaluate: the rows of the objects table."""
    page.execute_script("document.getElementById('scenario').value = '';")
    Select(page.find_element(By.ID, "example")).select_by_value(name)
    page.find_element(By.ID, "load").click()
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    wait(page).until(lambda d: d.find_element(By.ID, "scenario").get_property("value") == text)
    page.execute_script("document.querySelector('#objects tbody').replaceChildren();")
    page.find_element(By.ID, "evaluate").click()
    return wait(page).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#objects tbody tr[data-id]") or None)


def test_an_example_evaluated_shows_its_objects_and_an_explanation_unfolds(page):
    scenario = parse_text((EXAMPLES / EXAMPLE).read_text(encoding="utf-8"), EXAMPLE)
    rows = evaluate_example(page, EXAMPLE)
    shown = {r.get_attribute("data-id"): r.find_elements(By.TAG_NAME, "td")[1].text for r in rows}
    # every object of the scenario, under its card's name (these cards have one face)
    assert shown == {o["id"]: o["card"] for o in scenario["objects"]}

    # Uro's power: its card's printed 6/6; the tree's root claim is the one the engine states
    page.find_element(By.CSS_SELECTOR, 'button[data-query="uro.power"]').click()
    root = wait(page).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#explanation .tree > details > summary .claim") or None)[0]
    expected = answer("explain", {"scenario": scenario, "query": "uro.power"})[1]
    assert root.text == expected["claim"] and "6" in root.text

    # a folded node: its children's claims appear once it is unfolded
    folded = page.find_elements(By.CSS_SELECTOR, "#explanation details:not([open])")
    assert folded, "the deeper levels of the tree start folded"
    node = folded[0]
    child = node.find_element(By.CSS_SELECTOR, ":scope > details > summary .claim, :scope > .leaf .claim")
    assert not child.is_displayed()
    node.find_element(By.TAG_NAME, "summary").click()
    wait(page).until(lambda d: child.is_displayed())
    assert child.text.strip()


def test_bad_input_shows_one_line_naming_the_field(page):
    page.execute_script("document.getElementById('scenario').value = arguments[0];",
                        "players: [alice, bob]\nturn: {active: carol, phase: precombat_main}\nobjects: []\n")
    page.find_element(By.ID, "evaluate").click()
    error = page.find_element(By.ID, "error")
    wait(page).until(lambda d: error.is_displayed())
    bad = {"players": ["alice", "bob"], "turn": {"active": "carol", "phase": "precombat_main"}, "objects": []}
    e = answer("show", {"scenario": bad})[1]["error"]
    assert error.text == f"{e['field']}: {e['message']}"
    assert "\n" not in error.text
    assert not page.find_element(By.ID, "answers").is_displayed()  # no answers of an earlier scenario left showing


def test_an_action_explains_why_it_is_legal(page):
    scenario = parse_text((EXAMPLES / EXAMPLE).read_text(encoding="utf-8"), EXAMPLE)
    evaluate_example(page, EXAMPLE)
    listed = answer("actions", {"scenario": scenario, "all": True, "explain": True})[1]["actions"]
    # Uro, Titan of Nature's Wrath may be cast from the graveyard with escape (CR 702.138a)
    (index,) = [i for i, a in enumerate(listed) if a["object"] == "uro" and a["method"] == "escape"]
    assert listed[index]["legal"]
    row = page.find_element(By.CSS_SELECTOR, f'#actions tbody tr[data-index="{index}"]')
    assert "legal" == row.find_elements(By.TAG_NAME, "td")[4].text
    row.find_element(By.CSS_SELECTOR, "button.why").click()
    root = wait(page).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#explanation .tree > details > summary .claim") or None)[0]
    assert root.text == listed[index]["explanation"]["claim"]


def test_the_summary_of_an_explanation_comes_before_its_tree(page):
    scenario = parse_text((EXAMPLES / EXAMPLE).read_text(encoding="utf-8"), EXAMPLE)
    expected = answer("explain", {"scenario": scenario, "query": "uro.toughness"})[1]["summary"]
    # Uro's toughness is its card's printed 6 (CR 208.1): the short answer says so
    assert "6" in expected and "CR 208.1" in expected
    evaluate_example(page, EXAMPLE)
    page.find_element(By.CSS_SELECTOR, 'button[data-query="uro.toughness"]').click()
    summary = wait(page).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#explanation .summary") or None)[0]
    assert summary.text == expected
    tree = page.find_element(By.CSS_SELECTOR, "#explanation .tree")
    assert summary.location["y"] < tree.location["y"]


def test_the_page_shows_the_lines_not_modelled_and_whether_a_cast_can_be_paid(page):
    # interface §5.7: the notes beside the answers; a cast the rules allow that can't be paid now says so, and why
    name = "cast_arcee_with_thalia.yaml"
    scenario = parse_text((EXAMPLES / name).read_text(encoding="utf-8"), name)
    shown = answer("show", {"scenario": scenario})[1]
    listed = answer("actions", {"scenario": scenario, "all": True})[1]["actions"]
    evaluate_example(page, name)
    notes = wait(page).until(lambda d: d.find_element(By.ID, "notes") if d.find_element(By.ID, "notes").is_displayed() else None)
    items = notes.find_elements(By.TAG_NAME, "li")
    assert len(items) == len(shown["not_modelled"]) > 0
    assert shown["not_modelled"][0]["text"] in items[0].text
    (index,) = [i for i, a in enumerate(listed) if a["object"] == "arcee" and a["method"] == "normal"]
    assert listed[index]["legal"] and listed[index]["payable"] is False   # no mana source on the board
    cells = page.find_element(By.CSS_SELECTOR, f'#actions tbody tr[data-index="{index}"]').find_elements(By.TAG_NAME, "td")
    assert cells[4].text == "legal" and cells[5].text.startswith("can't pay now")
    assert listed[index]["payment_why_not"][0]["reason"] in cells[5].text
