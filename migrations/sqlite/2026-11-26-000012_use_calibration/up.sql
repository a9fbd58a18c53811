-- Whether a project's predictions are calibrated by its own prices (issue 29): a setting of
-- the project, the same for everyone who looks at it (the owner's devices, share links,
-- exports), where it used to be a switch remembered by each browser. On by default.
ALTER TABLE projects ADD COLUMN use_calibration BOOLEAN NOT NULL DEFAULT TRUE;
