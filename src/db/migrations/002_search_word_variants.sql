-- Typo tolerance without scanning: every indexed word is stored under itself and under each
-- string made by deleting one of its letters ("symmetric delete"). A query word and its own
-- one-letter deletions then find, by exact index lookups, every word one edit away
-- (insertion, deletion, substitution or swap of neighbours).
CREATE TABLE search_word_variants (
  variant text NOT NULL,
  word text NOT NULL,
  PRIMARY KEY (variant, word)
);

INSERT INTO search_word_variants (variant, word)
SELECT word, word FROM search_words
UNION
SELECT substr(word, 1, i - 1) || substr(word, i + 1), word FROM search_words, generate_series(1, length(word)) AS i
ON CONFLICT DO NOTHING;
