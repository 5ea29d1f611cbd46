-- "Your data" includes one's friends (issue 31): export_my_data (schemas/safety.sql) also gives the
-- person's friendships (the friend, how it began) and the friend requests they sent or received.
-- Replaces public.export_my_data (as 20261128152100 left it, plus these two keys).
set check_function_bodies = off;

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
                                   from public.friend_requests r where me in (r.sender_id, r.recipient_id)), '[]'::jsonb)
  );
end
$$;
