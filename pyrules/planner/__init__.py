"""Plans: the shortest lines of legal actions from a scenario's state to a goal (pyrules/planner/search.py)."""

from pyrules.planner.search import PlanResult, plan, plan_text

__all__ = ["PlanResult", "plan", "plan_text"]
