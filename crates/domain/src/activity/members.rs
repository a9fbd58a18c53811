//! The trail's sentences for a project's members (issue 35): invited, joined, role changed,
//! removed (or an invitation withdrawn), left.

use super::Activity;
use crate::member::Role;

/// "a partner" / "a viewer".
fn as_a(role: Role) -> &'static str {
    match role {
        Role::Owner => "the owner",
        Role::Partner => "a partner",
        Role::Viewer => "a viewer",
    }
}

pub fn member_invited(email: &str, role: Role) -> Activity {
    Activity::new("member.invited", None, format!("Invited {email} as {}.", as_a(role)))
}

pub fn member_joined(username: &str, role: Role) -> Activity {
    Activity::new("member.joined", None, format!("{username} joined the project as {}.", as_a(role)))
}

/// `who`: the member's username, or the invited address while the invitation is open. `None`
/// when the role is the same.
pub fn member_role_changed(who: &str, before: Role, after: Role) -> Option<Activity> {
    (before != after).then(|| {
        Activity::new(
            "member.role_changed",
            None,
            format!("Changed {who}'s role from {} to {}.", before.as_str(), after.as_str()),
        )
    })
}

/// A member removed by the owner (`username` of a joined member), or an open invitation
/// withdrawn (`username` `None`: the invited address names it).
pub fn member_removed(username: Option<&str>, email: &str) -> Activity {
    let summary = match username {
        Some(name) => format!("Removed {name} from the project."),
        None => format!("Withdrew the invitation to {email}."),
    };
    Activity::new("member.removed", None, summary)
}

pub fn member_left(username: &str) -> Activity {
    Activity::new("member.left", None, format!("{username} left the project."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn member_sentences_name_who_and_the_role() {
        let invited = member_invited("sam@example.com", Role::Partner);
        assert_eq!(
            (invited.action, invited.summary.as_str()),
            ("member.invited", "Invited sam@example.com as a partner.")
        );
        assert_eq!(member_joined("sam", Role::Viewer).summary, "sam joined the project as a viewer.");
        let changed = member_role_changed("sam", Role::Viewer, Role::Partner).unwrap();
        assert_eq!(
            (changed.action, changed.summary.as_str()),
            ("member.role_changed", "Changed sam's role from viewer to partner.")
        );
        assert!(member_role_changed("sam", Role::Viewer, Role::Viewer).is_none());
        assert_eq!(member_removed(Some("sam"), "sam@example.com").summary, "Removed sam from the project.");
        assert_eq!(member_removed(None, "sam@example.com").summary, "Withdrew the invitation to sam@example.com.");
        let left = member_left("sam");
        assert_eq!((left.action, left.summary.as_str(), left.task_id), ("member.left", "sam left the project.", None));
    }
}
