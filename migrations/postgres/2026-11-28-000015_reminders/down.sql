DROP TABLE reminder_sends;
DROP TABLE reminder_settings;
