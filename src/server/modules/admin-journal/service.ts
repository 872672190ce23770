// « Journal »: a page of the audit trail (filtered by kind of action and by the admin who acted),
// each entry with its French label, what it points at by name and link, and its changes before →
// after. Access is checked by the routes' guard before any call here.
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import { actionLabel, type JournalEntry, type JournalQuery, type JournalResponse } from '@shared/schemas/admin-journal';
import type { Deps } from '../../deps';
import { auditActors, countAudit, listAudit, type AuditRow } from '../audit/service';
import { isUuid } from '../params';
import { toIso } from '../rows';
import { describeChanges } from './changes';
import * as repo from './repository';

type Target = { name: string | null; href: string | null };

export function createJournalService(deps: Pick<Deps, 'database'>) {
  const db = () => deps.database.db;

  /** The names of a page's targets, by 'type:id'. */
  async function targets(rows: AuditRow[]): Promise<Map<string, Target>> {
    const idsOf = (type: string, uuid = true) => [
      ...new Set(rows.filter((r) => r.targetType === type && (!uuid || isUuid(r.targetId))).map((r) => r.targetId)),
    ];
    const [courses, recipes, sessions, orders, people] = await Promise.all([
      repo.courseTitles(db(), idsOf('course')),
      repo.recipeNames(db(), idsOf('recipe')),
      repo.sessionNames(db(), idsOf('session')),
      repo.orderNumbers(db(), idsOf('order')),
      repo.personNames(db(), [...idsOf('profile', false), ...idsOf('user', false)]),
    ]);
    const found = new Map<string, Target>();
    for (const c of courses) found.set(`course:${c.id}`, { name: c.name, href: `/admin/cours/${c.id}` });
    for (const r of recipes) found.set(`recipe:${r.id}`, { name: r.name, href: '/admin/recettes' });
    for (const s of sessions) {
      found.set(`session:${s.id}`, { name: `${s.title} — ${formatSessionDateTime(s.startsAt, CHEF_TIME_ZONE)}`, href: `/admin/seances/${s.id}` });
    }
    for (const o of orders) found.set(`order:${o.id}`, { name: `Commande nº ${o.number} (${o.buyerName})`, href: `/admin/commandes/${o.id}` });
    for (const p of people) {
      const person = { name: p.fullName ?? p.name, href: `/admin/clients/${p.id}` };
      found.set(`profile:${p.id}`, person);
      found.set(`user:${p.id}`, person);
    }
    return found;
  }

  return {
    async page(query: JournalQuery): Promise<JournalResponse> {
      const filter = { action: query.kind, actorId: query.actor };
      const [rows, total, actors] = await Promise.all([
        listAudit(db(), { ...filter, limit: query.limit, offset: query.offset }),
        countAudit(db(), filter),
        auditActors(db()),
      ]);
      const named = await targets(rows);
      const entries: JournalEntry[] = rows.map((r) => {
        // A target removed since (a deleted recipe or course) is named by what the trail kept.
        const kept = typeof r.details.name === 'string' ? r.details.name : typeof r.details.title === 'string' ? r.details.title : null;
        const target = named.get(`${r.targetType}:${r.targetId}`) ?? { name: kept, href: null };
        return {
          id: r.id,
          at: toIso(r.createdAt),
          actor: { id: r.actorId, email: r.actorEmail },
          action: r.action,
          label: actionLabel(r.action),
          target: { type: r.targetType, id: r.targetId, ...target },
          changes: describeChanges(r.details),
        };
      });
      return { entries, total, actors };
    },
  };
}

export type JournalService = ReturnType<typeof createJournalService>;
