use super::*;
use crate::ports::{MockClock, MockIdGenerator, MockMailer};
use buildledger_domain::reminder::{ReminderBid, ReminderProject};
use buildledger_domain::schedule::WorkCalendar;
use std::sync::Mutex;

/// Monday.
fn monday() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 30).unwrap()
}

fn recipient(user_id: i64, frequency: ReminderFrequency) -> ReminderRecipient {
    ReminderRecipient {
        user_id,
        username: format!("user{user_id}"),
        email: format!("u{user_id}@example.com"),
        frequency,
    }
}

/// A pending bid valid until tomorrow: one thing to say.
fn something() -> ReminderData {
    ReminderData {
        projects: vec![ReminderProject {
            id: 7,
            name: "Lake house".into(),
            calendar: WorkCalendar::default(),
            shared_by: None,
        }],
        bids: vec![ReminderBid {
            project_id: 7,
            task_title: "Roofing".into(),
            contractor_name: "Acme".into(),
            valid_until: Some(monday().succ_opt().unwrap()),
            pending: true,
        }],
        ..Default::default()
    }
}

fn service(repo: MockReminderRepository, mailer: MockMailer) -> ReminderService {
    let mut ids = MockIdGenerator::new();
    ids.expect_new_id().returning(|_| "cd".repeat(16));
    let mut clock = MockClock::new();
    clock.expect_now().returning(|| monday().and_hms_opt(8, 0, 0).unwrap());
    ReminderService::new(ReminderPorts {
        reminders: Arc::new(repo),
        mailer: Arc::new(mailer),
        ids: Arc::new(ids),
        clock: Arc::new(clock),
        public_url: "https://bl.test/".into(),
    })
}

/// A repository with these recipients, where users 1..=n have something to say unless listed in `quiet`.
fn repo(recipients: Vec<ReminderRecipient>, quiet: &'static [i64]) -> MockReminderRepository {
    let mut repo = MockReminderRepository::new();
    repo.expect_recipients().returning(move |_, _| Ok(recipients.clone()));
    repo.expect_data_for().returning(move |ids, _| {
        Ok(ids.iter().filter(|id| !quiet.contains(id)).map(|id| (*id, something())).collect())
    });
    repo
}

#[test]
fn one_mail_per_user_with_the_unsubscribe_link() {
    let mut repo = repo(vec![recipient(1, ReminderFrequency::Daily), recipient(2, ReminderFrequency::Daily)], &[]);
    repo.expect_claim().times(2).returning(|_, day, hash, _| {
        assert_eq!(day, monday());
        assert_eq!(hash, token_hash(&"cd".repeat(32)));
        Ok(true)
    });
    let sent = Arc::new(Mutex::new(Vec::<Mail>::new()));
    let mut mailer = MockMailer::new();
    let into = sent.clone();
    mailer.expect_send().times(2).returning(move |m| {
        into.lock().unwrap().push(m);
        Ok(())
    });
    assert_eq!(service(repo, mailer).run(monday()).unwrap(), 2);
    let sent = sent.lock().unwrap();
    assert_eq!(sent[0].to, "u1@example.com");
    assert_eq!(sent[0].subject, "BuildLedger: 1 thing needs attention today");
    let token = "cd".repeat(32);
    assert_eq!(
        sent[0].unsubscribe.as_deref(),
        Some(format!("https://bl.test/api/reminders/unsubscribe/?token={token}").as_str())
    );
    assert!(sent[0].text.contains("Lake house\n- Bid from Acme for Roofing is valid until Dec 1."), "{}", sent[0].text);
    assert!(sent[0].text.contains("https://bl.test/kanban/7"), "{}", sent[0].text);
    let html = sent[0].html.as_deref().unwrap();
    assert!(html.contains("<h2 style=\"font-size:1.1em\">Lake house</h2><ul><li>Bid from Acme for Roofing"), "{html}");
    assert!(html.contains(&format!("href=\"https://bl.test/unsubscribe?token={token}\"")), "{html}");
}

#[test]
fn nothing_to_say_no_mail_and_no_claim() {
    let mut repo = repo(vec![recipient(1, ReminderFrequency::Daily)], &[1]);
    repo.expect_claim().never();
    let mut mailer = MockMailer::new();
    mailer.expect_send().never();
    assert_eq!(service(repo, mailer).run(monday()).unwrap(), 0);
}

#[test]
fn weekly_on_mondays_only_and_off_never() {
    let users = vec![recipient(1, ReminderFrequency::Weekly), recipient(2, ReminderFrequency::Off)];
    let mut repo_monday = repo(users.clone(), &[]);
    repo_monday.expect_claim().withf(|user, _, _, _| *user == 1).times(1).returning(|_, _, _, _| Ok(true));
    let mut mailer = MockMailer::new();
    mailer.expect_send().times(1).returning(|_| Ok(()));
    assert_eq!(service(repo_monday, mailer).run(monday()).unwrap(), 1);

    let mut repo_tuesday = repo(users, &[]);
    repo_tuesday.expect_claim().never();
    let mut mailer = MockMailer::new();
    mailer.expect_send().never();
    assert_eq!(service(repo_tuesday, mailer).run(monday().succ_opt().unwrap()).unwrap(), 0);
}

#[test]
fn a_day_claimed_elsewhere_is_not_sent_and_a_failed_send_gives_the_claim_back() {
    let mut repo = repo(vec![recipient(1, ReminderFrequency::Daily)], &[]);
    repo.expect_claim().times(1).returning(|_, _, _, _| Ok(false));
    let mut mailer = MockMailer::new();
    mailer.expect_send().never();
    assert_eq!(service(repo, mailer).run(monday()).unwrap(), 0);

    let mut repo = self::repo(vec![recipient(1, ReminderFrequency::Daily)], &[]);
    repo.expect_claim().times(1).returning(|_, _, _, _| Ok(true));
    repo.expect_release().withf(|user, day| *user == 1 && *day == monday()).times(1).returning(|_, _| Ok(()));
    let mut mailer = MockMailer::new();
    mailer.expect_send().times(1).returning(|_| Err("the mail thread has stopped".into()));
    assert!(service(repo, mailer).run(monday()).is_err());
}

#[test]
fn setting_and_unsubscribe() {
    let mut repo = MockReminderRepository::new();
    repo.expect_set_frequency()
        .withf(|user, f, _| *user == 3 && *f == ReminderFrequency::Weekly)
        .times(1)
        .returning(|_, _, _| Ok(()));
    repo.expect_unsubscribe().returning(|hash, _| Ok(hash == token_hash("good")));
    let service = service(repo, MockMailer::new());
    assert_eq!(service.set(3, "weekly").unwrap(), ReminderFrequency::Weekly);
    assert!(matches!(service.set(3, "hourly"), Err(UseCaseError::Invalid(_))));
    service.unsubscribe("good").unwrap();
    assert!(matches!(service.unsubscribe("bad"), Err(UseCaseError::Invalid(_))));
    assert!(matches!(service.unsubscribe(" "), Err(UseCaseError::Invalid(_))));
}

#[test]
fn names_are_escaped_in_the_html_part() {
    assert_eq!(escape("<b>Tom & \"Jo's\"</b>"), "&lt;b&gt;Tom &amp; &quot;Jo&#39;s&quot;&lt;/b&gt;");
}

#[test]
fn a_members_mail_names_the_shared_projects_owner_and_links_its_board() {
    let mut repo = MockReminderRepository::new();
    repo.expect_recipients().returning(|_, _| Ok(vec![recipient(5, ReminderFrequency::Daily)]));
    repo.expect_data_for().withf(|ids, now| ids == [5] && *now == monday().and_hms_opt(8, 0, 0).unwrap()).returning(
        |_, _| {
            let mut data = something();
            data.projects[0].shared_by = Some("ana".into());
            Ok(HashMap::from([(5, data)]))
        },
    );
    repo.expect_claim().times(1).returning(|_, _, _, _| Ok(true));
    let sent = Arc::new(Mutex::new(Vec::<Mail>::new()));
    let into = sent.clone();
    let mut mailer = MockMailer::new();
    mailer.expect_send().times(1).returning(move |m| {
        into.lock().unwrap().push(m);
        Ok(())
    });
    assert_eq!(service(repo, mailer).run(monday()).unwrap(), 1);
    let text = &sent.lock().unwrap()[0].text;
    assert!(text.contains("Lake house (shared by ana)\n- Bid from Acme for Roofing"), "{text}");
    assert!(text.contains("https://bl.test/kanban/7"), "{text}");
}
