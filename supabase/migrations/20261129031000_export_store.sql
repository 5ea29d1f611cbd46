-- "Your data" includes the store (issue 35): export_my_data (schemas/safety.sql) also gives
-- `store_purchases` (the person's receipts: item, real total, state, provider reference, when begun
-- and settled) and `store_entitlements` (what they own from the store, free or bought).
-- Replaces public.export_my_data (as 20261128190200 left it, plus these two keys).

-- Everything the caller wrote (LGPD art. 18: access and portability), as one JSON document:
-- profile, settings (without the answer-id secret), date of birth and guardian, their notebooks
-- with questions, the questions and answers they wrote elsewhere (anonymous ones too: they are
-- theirs), shares and invitations they made, collaborations, favorites, blocks, achievements,
-- the guestbook messages they wrote, their polls and votes, their friendships and friend requests,
-- their reports (issue 33: what they reported, why, and what became of it), their purchases in the
-- store (receipts) and what they own from it (issue 35).
-- Other people's answers in their notebooks are not theirs to take.
create or replace function public.export_my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_user();
begin
  return jsonb_build_object(
    'format', 'cadernos-export-1',
    'exported_at', now(),
    'profile', (select private.exported(to_jsonb(p)) from public.profiles p where p.id = me),
    'settings', (select private.exported(to_jsonb(s)) - 'answer_secret' from public.user_settings s where s.user_id = me),
    'age_and_guardian', (select jsonb_build_object('birth_date', s.birth_date, 'guardian_email', s.guardian_email,
                                                   'guardian_confirmed_at', s.guardian_confirmed_at)
                           from public.account_safety s where s.user_id = me),
    'notebooks', coalesce((select jsonb_agg(private.exported(to_jsonb(n)) || jsonb_build_object('questions',
                            coalesce((select jsonb_agg(private.exported(to_jsonb(q)) order by q.order_index, q.id)
                                        from public.questions q where q.notebook_id = n.id), '[]'::jsonb))
                            order by n.created_at, n.id)
                             from public.notebooks n where n.user_id = me), '[]'::jsonb),
    'questions_in_other_notebooks', coalesce((select jsonb_agg(private.exported(to_jsonb(q)) order by q.created_at, q.id)
                             from public.questions q join public.notebooks n on n.id = q.notebook_id
                            where q.user_id = me and n.user_id <> me), '[]'::jsonb),
    'answers', coalesce((select jsonb_agg(private.exported(to_jsonb(a)) order by a.created_at, a.id)
                           from public.answers a where a.user_id = me), '[]'::jsonb),
    'shares_made', coalesce((select jsonb_agg(private.exported(to_jsonb(s)) order by s.created_at)
                               from public.notebook_shares s where s.created_by = me), '[]'::jsonb),
    'invite_links', coalesce((select jsonb_agg(private.exported(to_jsonb(i)) order by i.created_at)
                                from public.invite_links i where i.created_by = me), '[]'::jsonb),
    'collaborations', coalesce((select jsonb_agg(private.exported(to_jsonb(c)) order by c.created_at)
                                  from public.notebook_collaborators c where c.user_id = me or c.invited_by = me), '[]'::jsonb),
    'favorites', coalesce((select jsonb_agg(private.exported(to_jsonb(f)) order by f.created_at)
                             from public.favorites f where f.user_id = me), '[]'::jsonb),
    'blocks', coalesce((select jsonb_agg(jsonb_build_object('blocked_id', b.blocked_id, 'created_at', b.created_at) order by b.created_at)
                          from public.blocks b where b.blocker_id = me), '[]'::jsonb),
    'achievements', coalesce((select jsonb_agg(jsonb_build_object('achievement_id', u.achievement_id, 'earned_at', u.earned_at) order by u.earned_at)
                                from public.user_achievements u where u.user_id = me), '[]'::jsonb),
    -- issue 32: the guestbook messages the person wrote (not those others wrote to them), their
    -- polls and their own votes
    'guestbook_messages', coalesce((select jsonb_agg(jsonb_build_object('id', g.id, 'profile_id', g.profile_id, 'body', g.body,
                                                                       'is_anonymous', g.is_anonymous, 'status', g.status,
                                                                       'created_at', g.created_at, 'approved_at', g.approved_at)
                                                    order by g.created_at, g.id)
                                      from public.guestbook_messages g where g.author_id = me), '[]'::jsonb),
    'polls', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'question', p.question, 'options', to_jsonb(p.options),
                                                          'is_active', p.is_active, 'created_at', p.created_at,
                                                          'updated_at', p.updated_at, 'ended_at', p.ended_at)
                                       order by p.created_at, p.id)
                         from public.profile_polls p where p.profile_id = me), '[]'::jsonb),
    'poll_votes', coalesce((select jsonb_agg(jsonb_build_object('poll_id', v.poll_id, 'option_index', v.option_index,
                                                               'created_at', v.created_at, 'updated_at', v.updated_at)
                                            order by v.created_at, v.poll_id)
                              from public.poll_votes v where v.voter_id = me), '[]'::jsonb),
    -- issue 31: the person's friendships (who, how each began) and the requests they sent or received
    'friendships', coalesce((select jsonb_agg(jsonb_build_object(
                                        'friend_id', case when f.user_a = me then f.user_b else f.user_a end,
                                        'origin', f.origin, 'answered_by', f.answered_by, 'notebook_id', f.notebook_id,
                                        'created_at', f.created_at) order by f.created_at)
                               from public.friendships f where me in (f.user_a, f.user_b)), '[]'::jsonb),
    'friend_requests', coalesce((select jsonb_agg(jsonb_build_object(
                                            'direction', case when r.sender_id = me then 'sent' else 'received' end,
                                            'other_id', case when r.sender_id = me then r.recipient_id else r.sender_id end,
                                            'status', r.status, 'created_at', r.created_at, 'responded_at', r.responded_at)
                                          order by r.created_at, r.id)
                                   from public.friend_requests r where me in (r.sender_id, r.recipient_id)), '[]'::jsonb),
    -- issue 33: the reports the person made (what, why, its state and decision), never anyone's authorship
    'reports', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'kind', r.kind, 'target_id', r.target_id,
                                                            'notebook_id', r.notebook_id, 'reason', r.reason, 'details', r.details,
                                                            'status', r.status, 'decision', r.decision,
                                                            'created_at', r.created_at, 'handled_at', r.handled_at)
                                         order by r.created_at, r.id)
                           from public.reports r where r.reporter_id = me), '[]'::jsonb),
    -- issue 35: the person's purchases in the store (their receipts: the real total, the state,
    -- when it was settled) and what they own from it (free claims and paid items)
    'store_purchases', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'item_id', p.item_id, 'item_name', p.item_name,
                                                                    'amount_cents', p.amount_cents, 'currency', p.currency,
                                                                    'status', p.status, 'provider', p.provider,
                                                                    'provider_ref', p.provider_ref, 'created_at', p.created_at,
                                                                    'settled_at', p.settled_at)
                                                 order by p.created_at, p.id)
                                   from public.store_purchases p where p.user_id = me), '[]'::jsonb),
    'store_entitlements', coalesce((select jsonb_agg(jsonb_build_object('item_id', e.item_id, 'item_name', i.name,
                                                                       'category', i.category, 'grants_ref', i.grants_ref,
                                                                       'source', e.source, 'purchase_id', e.purchase_id,
                                                                       'created_at', e.created_at)
                                                    order by e.created_at, e.item_id)
                                      from public.store_entitlements e join public.seasonal_items i on i.id = e.item_id
                                     where e.user_id = me), '[]'::jsonb)
  );
end
$$;
revoke all on function public.export_my_data() from public, anon, authenticated, service_role;
grant execute on function public.export_my_data() to authenticated;
