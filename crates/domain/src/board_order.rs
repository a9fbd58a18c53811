//! The order of cards in a board column: sparse sort keys.
//!
//! Each card has a sort key; a column shows its cards by (key, id). Keys are [`SORT_KEY_GAP`]
//! apart when a column is spaced out, so a card moved between two neighbours takes a key between
//! theirs and no other card is written. Each move into the same gap halves it; when two
//! neighbours leave no room (after about twenty moves into one spot) the column is spaced out
//! again ([`respaced_key`]) and the move retried. The API shows positions (0, 1, 2...), never keys.

/// Gap between neighbouring keys of a spaced-out column, and after the last card.
pub const SORT_KEY_GAP: i64 = 1 << 20;

/// Where a card goes, given the keys of the cards that will be before and after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// This key sorts between the two neighbours.
    Key(i64),
    /// No neighbour on either side: the wanted place is past the end of the column (or the
    /// column is empty): the card goes last ([`key_after`]).
    End,
    /// The neighbours' keys are adjacent: space the column out, then ask again.
    NoRoom,
}

/// The key for a card placed between `before` and `after` (`None` at an end of the column).
pub fn slot_between(before: Option<i64>, after: Option<i64>) -> Slot {
    match (before, after) {
        (None, None) => Slot::End,
        (None, Some(next)) => Slot::Key(next.saturating_sub(SORT_KEY_GAP)),
        (Some(prev), None) => Slot::Key(prev.saturating_add(SORT_KEY_GAP)),
        (Some(prev), Some(next)) if next - prev >= 2 => Slot::Key(prev + (next - prev) / 2),
        (Some(_), Some(_)) => Slot::NoRoom,
    }
}

/// The key after the last card of a column (`None`: an empty column).
pub fn key_after(last: Option<i64>) -> i64 {
    last.map_or(0, |k| k.saturating_add(SORT_KEY_GAP))
}

/// The key of the card at 1-based `rank` of a column being spaced out.
pub fn respaced_key(rank: i64) -> i64 {
    rank.saturating_mul(SORT_KEY_GAP)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Places a card at index `wanted` of `column` (keys in order) as the repositories do.
    fn insert(column: &mut Vec<i64>, wanted: usize) -> usize {
        for _ in 0..2 {
            let before = wanted.checked_sub(1).and_then(|i| column.get(i).copied());
            let after = column.get(wanted).copied();
            match slot_between(before, after) {
                Slot::Key(k) => {
                    column.insert(wanted, k);
                    return wanted;
                }
                Slot::End => {
                    let k = key_after(column.last().copied());
                    column.push(k);
                    return column.len() - 1;
                }
                Slot::NoRoom => {
                    for (i, k) in column.iter_mut().enumerate() {
                        *k = respaced_key(i as i64 + 1);
                    }
                }
            }
        }
        unreachable!("a spaced-out column always has room")
    }

    #[test]
    fn a_card_takes_a_key_between_its_neighbours() {
        assert_eq!(slot_between(Some(0), Some(SORT_KEY_GAP)), Slot::Key(SORT_KEY_GAP / 2));
        assert_eq!(slot_between(None, Some(0)), Slot::Key(-SORT_KEY_GAP));
        assert_eq!(slot_between(Some(5), None), Slot::Key(5 + SORT_KEY_GAP));
        assert_eq!(slot_between(None, None), Slot::End);
        assert_eq!(slot_between(Some(7), Some(8)), Slot::NoRoom);
        assert_eq!(slot_between(Some(7), Some(9)), Slot::Key(8));
        assert_eq!(key_after(None), 0);
        assert_eq!(key_after(Some(3)), 3 + SORT_KEY_GAP);
    }

    #[test]
    fn moving_into_one_spot_again_and_again_respaces_and_keeps_the_order() {
        let mut column: Vec<i64> = (0..4).map(|i| i * SORT_KEY_GAP).collect();
        for _ in 0..200 {
            assert_eq!(insert(&mut column, 1), 1);
            assert!(column.windows(2).all(|w| w[0] < w[1]), "{column:?}");
        }
        assert_eq!(column.len(), 204);
    }

    #[test]
    fn past_the_end_goes_last() {
        let mut column = vec![0, SORT_KEY_GAP];
        assert_eq!(insert(&mut column, 9), 2);
        assert_eq!(column, vec![0, SORT_KEY_GAP, 2 * SORT_KEY_GAP]);
        let mut empty = Vec::new();
        assert_eq!(insert(&mut empty, 0), 0);
        assert_eq!(empty, vec![0]);
    }
}
