-- When the window ends in which one of `p_people` took part in a reset or recovery of the account of the
-- member `p_member` (an audit entry of `p_actions` made by them, or a proposal of it they confirmed), or NULL:
-- decision 0400's rule, which members/admin-resets.ts reads before every approval. A function planned once
-- per connection: as a query of its own its time range, a parameter, makes PostgreSQL plan it anew at every
-- approval once a day of approvals is analysed (0.07–0.10 ms a call, measured in a statement that carried
-- it).
CREATE FUNCTION resetter_until(p_member text, p_people uuid[], p_seconds double precision, p_actions text[])
RETURNS timestamptz LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (SELECT max(a.created_at) + make_interval(secs => p_seconds)
            FROM audit_log a
            LEFT JOIN admin_proposals p ON p.id = (a.after #>> '{approval,proposal_id}')::uuid
           WHERE a.target_id = p_member AND a.action = ANY(p_actions)
             AND a.created_at > now() - make_interval(secs => p_seconds)
             AND (a.actor_id = ANY(p_people) OR p.decided_by = ANY(p_people)));
END;
$$;
