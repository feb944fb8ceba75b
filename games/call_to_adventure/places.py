"""Places at a table: the highest Destiny wins; equal scores share a place (1, 1, 3)."""


def places(totals: list[int]) -> list[int]:
    return [1 + sum(other > total for other in totals) for total in totals]
