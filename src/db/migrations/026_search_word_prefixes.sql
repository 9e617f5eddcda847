-- Completions of a half-typed search word are the lexicon words it begins (readWords): a range
-- scan in byte order, whatever the database's collation.
CREATE INDEX search_words_prefix_idx ON search_words ((word COLLATE "C"));
