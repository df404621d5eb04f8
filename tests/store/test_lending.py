"""The pools' bookkeeping: connections lent, kept when fit, counted out when not."""

from __future__ import annotations

from dataclasses import dataclass

from golf_solitaire.store.lending import Lending


@dataclass
class Connection:
    closed: bool = False
    broken: bool = False


def test_room_is_kept_for_a_new_connection_until_the_pool_is_full() -> None:
    lending: Lending[Connection] = Lending(2)
    assert not lending.must_wait() and lending.take() is None
    assert not lending.must_wait() and lending.take() is None
    assert lending.opened == 2 and lending.must_wait()


def test_a_fit_connection_is_lent_again_and_an_unfit_one_frees_its_room() -> None:
    lending: Lending[Connection] = Lending(1)
    assert lending.take() is None
    first = Connection()
    assert lending.give_back(first) and not lending.must_wait()
    assert lending.take() is first
    first.broken = True
    assert not lending.give_back(first)
    assert lending.opened == 0 and lending.idle == []
    assert lending.take() is None
    assert not lending.give_back(None)  # opening it failed
    assert lending.opened == 0


def test_closing_hands_over_the_idle_ones_and_stops_the_waiting() -> None:
    lending: Lending[Connection] = Lending(2)
    lending.take(), lending.take()
    idle = Connection()
    assert lending.give_back(idle)
    assert lending.close() == [idle]
    assert lending.closed and not lending.must_wait() and lending.opened == 1
    assert not lending.give_back(Connection())  # one lent out comes back to be closed
    assert lending.opened == 0
