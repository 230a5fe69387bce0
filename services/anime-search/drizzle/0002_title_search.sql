-- The anime whose titles match a search text (issue 24; rules §56): the text as typed and its
-- Latin transliteration, each unaccented and lower-cased, against every title's `norm`, by
-- pg_trgm's word similarity (the text against the best-matching stretch of a title), through the
-- trigram index. A title matches from 0.4; the caller ranks by similarity and popularity.
CREATE FUNCTION "anime-search".matching_anime(typed text, latin text)
  RETURNS TABLE (anime_id integer, similarity real)
  LANGUAGE sql STABLE
  SET search_path FROM CURRENT
  SET pg_trgm.word_similarity_threshold = 0.4
  AS $$
    SELECT t.anime_id, max(greatest(word_similarity(q.typed, t.norm), word_similarity(q.latin, t.norm)))::real
    FROM "anime-search".anime_titles t,
      (SELECT immutable_unaccent(lower(typed)) AS typed, immutable_unaccent(lower(latin)) AS latin) q
    WHERE q.typed <% t.norm OR q.latin <% t.norm
    GROUP BY t.anime_id
  $$;
