"""A short soak (about 40 s) of the real app under random seeded input on all five pages, closed through its close
button (mostly mid-animation) and launched again between rounds; soak.py has the long mode (`--minutes 10`). Memory
growth is printed here and asserted only in the long run; the caches each process reports as it closes are checked."""

from soak import run


def test_soak_short_random_input_on_every_page():
    summary = run(40, seed=7)
    print(f"     soak: {summary['gestures']} gestures {summary['by_kind']}, {summary['events']} events, "
          f"{summary['closes']} closes, RSS growth {summary['rss_growth_mb']:+} MB over {summary['seconds']} s")
    assert summary["gestures"] >= 15, summary
    assert len(summary["by_kind"]) >= 4, summary
    assert summary["closes"] >= 1, summary
    # Every round's process reported its caches as it closed: the carousel's images, the rows' item widgets.
    print(f"     caches at the first close: {summary['caches_first']}")
    first = summary["caches_first"]
    assert first is not None and first["decodes"] >= 1 and first["image_failed"] == 0, summary
    assert first["item_widgets"].get("carousel", 0) >= 1, first
