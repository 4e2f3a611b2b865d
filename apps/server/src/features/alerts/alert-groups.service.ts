import {
  OPERATIONAL_ALERT_RULES,
  type AlertGroup,
  type AlertGroupDetail,
  type AlertGroupListQuery,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEvents } from '../../live/domain-events';
import { publicActor, type LedgerService } from '../ledger/ledger.service';
import { presentGroup } from './alert-group-presenter';
import {
  findGroup,
  listGroupMembers,
  listGroups,
  refreshGroups,
  transitionGroup,
} from './alert-groups.repository';
import { presentAlert, type AlertActor } from './alerts.service';
import { createUnitOfWork } from '../../lib/unit-of-work';
import { Conflict, NotFound } from '../../lib/domain-errors';

export type AlertGroupsService = ReturnType<typeof createAlertGroupsService>;

type GroupAction = 'acknowledge' | 'resolve';

const GROUP_TRANSITIONS: Record<
  GroupAction,
  { from: readonly string[]; to: 'acknowledged' | 'resolved'; past: string }
> = {
  acknowledge: { from: ['open'], to: 'acknowledged', past: 'acknowledged' },
  resolve: { from: ['open', 'acknowledged'], to: 'resolved', past: 'resolved' },
};

function groupNotFound(id: string) {
  return new NotFound(`No alert group with id "${id}"`);
}

/**
 * Flood groups as the operators handle them: listed per city, read with a page of their alerts,
 * and acknowledged or resolved as one, every member with them, in one transaction with one entry
 * on the public record (not one per member: a flood must not flood the ledger too).
 */
export function createAlertGroupsService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  now: () => Date;
  ledger: LedgerService;
}) {
  const { db } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);

  /** Residents are not shown groups of alerts only operators act on (sensors gone silent). */
  const hiddenFrom = (residentView: boolean) => (residentView ? OPERATIONAL_ALERT_RULES : []);

  async function readable(id: string, residentView: boolean) {
    const row = await findGroup(db, id);
    if (!row || hiddenFrom(residentView).includes(row.rule)) throw groupNotFound(id);
    return row;
  }

  return {
    async list(query: AlertGroupListQuery & { residentView: boolean }): Promise<AlertGroup[]> {
      const statuses =
        query.status === 'active'
          ? ['open', 'acknowledged']
          : query.status === 'all'
            ? ['open', 'acknowledged', 'resolved']
            : [query.status];
      const rows = await listGroups(db, {
        city: query.city,
        statuses,
        limit: query.limit,
        hiddenRules: hiddenFrom(query.residentView),
      });
      return rows.map(presentGroup);
    },

    async get(
      id: string,
      page: { limit: number; cursor?: string },
      residentView: boolean,
    ): Promise<AlertGroupDetail> {
      const row = await readable(id, residentView);
      const members = await listGroupMembers(db, id, {
        afterId: page.cursor ?? null,
        limit: page.limit + 1,
      });
      const items = members.slice(0, page.limit);
      return {
        group: presentGroup(row),
        items: items.map(presentAlert),
        nextCursor: members.length > page.limit ? items.at(-1)!.id : null,
      };
    },

    /** Acknowledges or resolves a group and every member still in a status the action starts from. */
    async act(
      id: string,
      action: GroupAction,
      actor: AlertActor,
      note: string | undefined,
    ): Promise<AlertGroup> {
      const { from, to, past } = GROUP_TRANSITIONS[action];
      const now = deps.now();
      const who = actor.name ? `${actor.name} <${actor.email}>` : actor.email;
      const group = await unitOfWork(async (unit) => {
        const row = await findGroup(unit.trx, id, true);
        if (!row) throw groupNotFound(id);
        if (!from.includes(row.status)) {
          throw new Conflict(
            `This alert group is ${row.status} and cannot be ${past}; only ${from.join(' or ')} groups can.`,
          );
        }
        const moved = await transitionGroup(
          unit.trx,
          row,
          { from, to, who, note: note ?? null },
          now,
        );
        const [fresh] = await refreshGroups(unit.trx, [id], now);
        const changed = fresh ?? moved.group;
        await deps.ledger.record(unit, {
          type: `alert_group.${past}` as 'alert_group.acknowledged' | 'alert_group.resolved',
          payload: {
            groupId: id,
            city: changed.city_key,
            sensorType: changed.sensor_type,
            rule: changed.rule,
            severity: changed.severity,
            alerts: moved.members,
            by: publicActor(actor),
          },
          at: now,
          ref: `alert_group:${id}:${past}`,
        });
        // The members changed with it; viewers read them again from the group's event rather
        // than receiving thousands of alert events at once.
        unit.publish('alertGroup:updated', presentGroup(changed));
        if (action === 'resolve') unit.publish('counts:changed', { cities: [changed.city_key] });
        return changed;
      });
      return presentGroup(group);
    },
  };
}
