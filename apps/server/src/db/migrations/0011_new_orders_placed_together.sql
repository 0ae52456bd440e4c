-- New orders placed together (modules/orders/order-writer.ts): the orders of one server process that became ready
-- while its previous write was under way, written by one statement and one commit, each accepted or refused on its
-- own. `batch` is a JSON array of orders, each {offers, order, lines, checks}: `offers` as the order was split
-- against them — [{id, n, exact, price}], n units taken from stock, `exact` when the order took all the offer had
-- (the rest on pre-order), the price it was priced at — and the rows to write. Answers one element per order, in
-- order: the new order's number, "changed" when an offer is no longer as read (nothing of that order written; it is
-- split again under lock), or "key" when its user's Idempotency-Key is already taken (the caller answers the order
-- stored under it).
--
-- Every offer the batch names is locked first, in id order, as the locked path locks them: two writers never wait
-- for each other in a cycle, and nobody changes those offers until the commit. Then each order in turn is checked
-- against the stock as the orders before it in the batch left it, so two orders of one batch never take one unit
-- twice. The stock, the lines and the checks of the accepted orders are then written by one statement each: the
-- triggers of those tables run once per batch, not once per order.
CREATE FUNCTION "place_new_orders"(batch jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  stock_now jsonb;
  entry jsonb;
  fits boolean;
  placed_id integer;
  answers jsonb := '[]';
  taken jsonb := '[]';
  placed_lines jsonb := '[]';
  placed_checks jsonb := '[]';
BEGIN
  SELECT coalesce(jsonb_object_agg(l.id::text, jsonb_build_object('residue', l.residue, 'price', l.price)), '{}')
    INTO stock_now
    FROM (SELECT id, residue, price FROM offers
          WHERE id = ANY (ARRAY(SELECT (jsonb_array_elements(e -> 'offers') ->> 'id')::int FROM jsonb_array_elements(batch) AS e))
          ORDER BY id FOR UPDATE) AS l;

  FOR entry IN SELECT value FROM jsonb_array_elements(batch) LOOP
    -- An offer named twice in one order counts with all its units.
    SELECT coalesce(bool_and(stock_now ? w.id::text
                             AND (stock_now -> w.id::text ->> 'price')::numeric = w.price
                             AND CASE WHEN w.exact THEN (stock_now -> w.id::text ->> 'residue')::int = w.n
                                      ELSE (stock_now -> w.id::text ->> 'residue')::int >= w.n END), true)
      INTO fits
      FROM (SELECT o.id, o.price, sum(o.n)::int AS n, bool_or(o.exact) AS exact
            FROM jsonb_to_recordset(entry -> 'offers') AS o(id int, n int, exact boolean, price numeric)
            GROUP BY o.id, o.price) AS w;
    IF NOT fits THEN
      answers := answers || jsonb_build_array('changed');
      CONTINUE;
    END IF;

    placed_id := NULL;
    INSERT INTO orders (user_id, partner_id, name, comment, delivery, request_certificate, bags, total, total_discount,
                        count, total_count, storage_guid, idempotency_key, request_hash, first_answer)
      SELECT r.user_id, r.partner_id, r.name, r.comment, r.delivery, r.request_certificate, r.bags, r.total, r.total_discount,
             r.count, r.total_count, r.storage_guid, r.idempotency_key, r.request_hash, r.first_answer
      FROM jsonb_to_record(entry -> 'order') AS r(user_id int, partner_id int, name text, comment text, delivery jsonb,
             request_certificate boolean, bags jsonb, total numeric, total_discount numeric, count int, total_count int,
             storage_guid text, idempotency_key text, request_hash text, first_answer jsonb)
      ON CONFLICT DO NOTHING
      RETURNING id INTO placed_id;
    IF placed_id IS NULL THEN
      answers := answers || jsonb_build_array('key');
      CONTINUE;
    END IF;

    SELECT stock_now || coalesce(jsonb_object_agg(w.id::text, jsonb_set(stock_now -> w.id::text, '{residue}',
                                   to_jsonb((stock_now -> w.id::text ->> 'residue')::int - w.n))), '{}')
      INTO stock_now
      FROM (SELECT o.id, sum(o.n)::int AS n FROM jsonb_to_recordset(entry -> 'offers') AS o(id int, n int) GROUP BY o.id) AS w;
    taken := taken || (entry -> 'offers');
    placed_lines := placed_lines || (SELECT coalesce(jsonb_agg(l.value || jsonb_build_object('order_id', placed_id)), '[]')
                                     FROM jsonb_array_elements(entry -> 'lines') AS l);
    placed_checks := placed_checks || (SELECT coalesce(jsonb_agg(c.value || jsonb_build_object('order_id', placed_id)), '[]')
                                       FROM jsonb_array_elements(entry -> 'checks') AS c);
    answers := answers || to_jsonb(placed_id);
  END LOOP;

  IF jsonb_array_length(taken) > 0 THEN
    UPDATE offers AS o SET residue = o.residue - w.n
      FROM (SELECT t.id, sum(t.n)::int AS n FROM jsonb_to_recordset(taken) AS t(id int, n int) GROUP BY t.id) AS w
      WHERE o.id = w.id AND w.n > 0;
  END IF;
  IF jsonb_array_length(placed_lines) > 0 THEN
    INSERT INTO order_lines (order_id, product_id, offer_id, org_guid, characteristic, quantity, presale, fullprice, price, discount)
      SELECT l.order_id, l.product_id, l.offer_id, l.org_guid, l.characteristic, l.quantity, l.presale, l.fullprice, l.price, l.discount
      FROM jsonb_to_recordset(placed_lines) AS l(order_id int, product_id int, offer_id int, org_guid text, characteristic text,
             quantity int, presale boolean, fullprice numeric, price numeric, discount numeric);
  END IF;
  IF jsonb_array_length(placed_checks) > 0 THEN
    INSERT INTO order_checks (order_id, guid, org_guid, status, total, doc_status)
      SELECT c.order_id, c.guid, c.org_guid, c.status, c.total, c.doc_status
      FROM jsonb_to_recordset(placed_checks) AS c(order_id int, guid text, org_guid text, status int, total numeric, doc_status jsonb);
  END IF;
  RETURN answers;
END $$;
