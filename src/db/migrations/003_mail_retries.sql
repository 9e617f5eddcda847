-- Failed deliveries are retried with backoff instead of blocking the queue.
ALTER TABLE mail_outbox ADD COLUMN attempts int NOT NULL DEFAULT 0;
ALTER TABLE mail_outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX mail_outbox_pending_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
