-- Analytics per listing (issue 29): page views and website clicks (through /go/{slug}) per UTC day,
-- and the hosts that sent the page's visitors. Each instance counts in memory and adds its counts
-- here once a minute (INSERT … ON CONFLICT DO UPDATE SET n = n + excluded.n), so a visit costs no
-- write of its own. Votes, followers and reviews per day are read from their own tables.
CREATE TABLE listing_daily_stats (
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  day date NOT NULL,
  views int NOT NULL DEFAULT 0,
  clicks int NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, day)
);

CREATE TABLE listing_daily_referrers (
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  day date NOT NULL,
  host text NOT NULL,
  n int NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, day, host)
);

