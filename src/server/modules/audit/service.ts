// The audit trail as other modules use it: an entry written inside their own transaction (so a
// change rolled back leaves no trace), and the list the back office reads. Queries: repository.ts.
export { auditActors, countAudit, listAudit, recordAudit, type AuditEntry, type AuditFilter, type AuditRow } from './repository';
