"""The grid boards a game offers (``games.grid.loading.shipped_boards``): the set-up
screen asks for them each time it is drawn, so a board file's game is read once and
kept, until the file changes."""
from __future__ import annotations

from dinghy.games.grid import loading


def test_a_board_file_changed_on_disk_is_read_again(tmp_path, monkeypatch):
    monkeypatch.setattr(loading, "board_dir", lambda: tmp_path)
    (tmp_path / "a.toml").write_text('game = "yacht_race"\n')
    (tmp_path / "b.toml").write_text('game = "race_the_wind"\n')
    (tmp_path / "c.toml").write_text('game = [broken\n')        # damaged: in no game's list
    assert loading.shipped_boards("yacht_race") == ["a"]
    assert loading.shipped_boards("race_the_wind") == ["b"]
    (tmp_path / "b.toml").write_text('game = "yacht_race"  # moved over\n')
    assert loading.shipped_boards("yacht_race") == ["a", "b"]
    assert loading.shipped_boards("race_the_wind") == []
    (tmp_path / "a.toml").unlink()
    assert loading.shipped_boards("yacht_race") == ["b"]
