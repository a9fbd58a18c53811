//! Typed ids: a project's id cannot be passed where a task's is expected. Each wraps the
//! database's positive `i64`; [`TypedId::WHAT`] names the thing in a "not found" answer.

/// What every typed id offers.
pub trait TypedId: Copy + std::fmt::Debug + Eq + Send + Sync + 'static {
    /// The thing it names, capitalised as a message starts ("Change order").
    const WHAT: &'static str;
    /// The thing in running text ("change order", "share link").
    const NOUN: &'static str;
    fn new(raw: i64) -> Self;
    fn get(self) -> i64;
    /// A path's id: anything but a positive integer names nothing.
    fn parse(raw: &str) -> Option<Self> {
        raw.parse::<i64>().ok().filter(|id| *id > 0).map(Self::new)
    }
}

macro_rules! typed_id {
    ($(#[$doc:meta])* $name:ident, $what:literal, $noun:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(i64);

        impl TypedId for $name {
            const WHAT: &'static str = $what;
            const NOUN: &'static str = $noun;
            fn new(raw: i64) -> Self {
                $name(raw)
            }
            fn get(self) -> i64 {
                self.0
            }
        }

        impl From<$name> for i64 {
            fn from(id: $name) -> i64 {
                id.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

typed_id!(/// A user's id.
    UserId, "User", "user");
typed_id!(/// A project's id.
    ProjectId, "Project", "project");
typed_id!(/// A task's id.
    TaskId, "Task", "task");
typed_id!(/// A contractor's id.
    ContractorId, "Contractor", "contractor");
typed_id!(/// A bid's id.
    BidId, "Bid", "bid");
typed_id!(/// A task payment's id (the ledger's, not the subscription's).
    PaymentId, "Payment", "payment");
typed_id!(/// A change order's id.
    ChangeOrderId, "Change order", "change order");
typed_id!(/// A draw request's id.
    DrawId, "Draw", "draw");
typed_id!(/// A lien waiver's id.
    LienWaiverId, "Lien waiver", "lien waiver");
typed_id!(/// A document's id.
    DocumentId, "Document", "document");
typed_id!(/// A share link's id.
    ShareId, "Share", "share link");
typed_id!(/// A dependency's id (a link between two tasks of a schedule).
    DependencyId, "Dependency", "dependency");
typed_id!(/// A recorded delay's id.
    DelayId, "Delay", "delay");
typed_id!(/// An inspection's id.
    InspectionId, "Inspection", "inspection");
typed_id!(/// A project member's (or open invitation's) id.
    MemberId, "Member", "member");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_positive_integers_are_ids() {
        assert_eq!(TaskId::parse("42"), Some(TaskId::new(42)));
        for raw in ["0", "-3", "abc", "", "1.5", " 7", "99999999999999999999"] {
            assert_eq!(ProjectId::parse(raw), None, "{raw:?}");
        }
    }

    #[test]
    fn an_id_shows_as_its_number_and_names_its_thing() {
        assert_eq!(ChangeOrderId::new(9).to_string(), "9");
        assert_eq!(i64::from(DrawId::new(3)), 3);
        assert_eq!(ChangeOrderId::WHAT, "Change order");
        assert_eq!(ShareId::NOUN, "share link");
    }
}
