-- EXECUTE on the `private` helpers that run with the caller's own privileges — from policies,
-- from SECURITY INVOKER triggers, and from replication_push (SECURITY INVOKER, so that RLS and
-- triggers judge every pushed row). Granted explicitly so the contract does not depend on the
-- default EXECUTE that PUBLIC has on new functions. (Helpers reachable only from SECURITY
-- DEFINER code need nothing; private.notebook_membership and private.answer_id_for stay
-- revoked: they answer questions about other people.)
grant execute on function
  private.replication_collection(text),
  private.replication_master(text, uuid),
  private.moderate_answer_cas(uuid, text, text, integer),
  private.rejection_reason(text, text),
  private.deletion_doc(uuid, uuid, jsonb)
to authenticated, service_role;
