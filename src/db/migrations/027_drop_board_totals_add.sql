-- board_totals_add (021) has had no caller since 024 replaced board_totals_keep with one that calls
-- board_totals_move (which also keeps the live total).
DROP FUNCTION board_totals_add(int, int, int, int);
