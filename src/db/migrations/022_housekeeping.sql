-- Indexes for the hourly housekeeping job (src/domain/housekeeping/): each purge finds its old
-- rows by the time column it ages by, instead of scanning the table.
CREATE INDEX jobs_finished_idx ON jobs (done_at) WHERE done_at IS NOT NULL;
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
CREATE INDEX email_tokens_expires_idx ON email_tokens (expires_at);
CREATE INDEX oauth_artifacts_expires_idx ON oauth_artifacts (expires_at);
CREATE INDEX drafts_updated_idx ON drafts (updated_at);
