import { z } from 'zod';
import {
  alertGroupActionBodySchema,
  alertGroupDetailSchema,
  alertGroupListQuerySchema,
  alertGroupListSchema,
  alertGroupMembersQuerySchema,
  alertGroupSchema,
} from './alert-groups';
import {
  alertAssignSchema,
  alertCountsQuerySchema,
  alertCountsSchema,
  alertHistoryEntrySchema,
  alertListQuerySchema,
  alertListSchema,
  alertSchema,
  alertShelveSchema,
  alertTransitionSchema,
  type AlertAction,
} from './alerts';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { canAssignAlerts, canHandleAlerts } from './policies';

/** Acknowledge, resolve or dismiss one alert, with an optional note. */
function transition<A extends AlertAction>(action: A, verb: string) {
  return {
    method: 'post',
    path: `/api/alerts/{id}/${action}`,
    summary: `${verb} an alert (operator, admin)`,
    tags: ['Alerts'],
    access: canHandleAlerts,
    params: idParamsSchema,
    body: alertTransitionSchema,
    bodyOptional: true,
    status: 200,
    response: alertSchema,
    description: 'The alert',
    errors: {
      404: 'No such alert',
      409: 'The alert is not in a status this action starts from',
    },
  } as const satisfies Endpoint;
}

/** The alerts API: everyone signed in reads (residents what concerns them), staff act. */
export const ALERT_ENDPOINTS = {
  list: {
    method: 'get',
    path: '/api/alerts',
    summary:
      'Alerts newest first (or the worst first with order=severity), filtered by city, status, severity and text',
    notes:
      'Shelved alerts (open or acknowledged, shelved until a time still to come) are left out of ' +
      '`status=active`, `open` and `acknowledged`; `status=shelved` lists only them. Without a ' +
      'status every alert is listed, shelved or not. `from`, `to` and `raisedBefore` bound when ' +
      'the alerts were raised, `chattering` and `grouped` keep the chattering alerts or those in a ' +
      'flood group (or leave them out), `sensorId` and `rule` keep one sensor’s alerts of one ' +
      'rule: the alarm KPIs link to the alerts behind each figure with them.',
    tags: ['Alerts'],
    access: 'signed-in',
    query: alertListQuerySchema,
    status: 200,
    response: alertListSchema,
    description: 'The alerts',
  },
  counts: {
    method: 'get',
    path: '/api/alerts/counts',
    summary: 'How many alerts each severity and status filter shows, over all alerts, not one page',
    tags: ['Alerts'],
    access: 'signed-in',
    query: alertCountsQuerySchema,
    status: 200,
    response: alertCountsSchema,
    description:
      'Counts per severity (within the status filter) and per status (within the severity filter)',
  },
  get: {
    method: 'get',
    path: '/api/alerts/{id}',
    summary: 'One alert',
    tags: ['Alerts'],
    access: 'signed-in',
    params: idParamsSchema,
    status: 200,
    response: alertSchema,
    description: 'The alert',
    errors: { 404: 'No such alert' },
  },
  history: {
    method: 'get',
    path: '/api/alerts/{id}/history',
    summary:
      'Every change of an alert: raised, escalated, acknowledged, resolved, with who and when',
    tags: ['Alerts'],
    access: 'signed-in',
    params: idParamsSchema,
    status: 200,
    response: z.array(alertHistoryEntrySchema),
    description: 'The changes, oldest first',
    errors: { 404: 'No such alert' },
  },
  assign: {
    method: 'post',
    path: '/api/alerts/{id}/assign',
    summary:
      'Assigns an active alert (operators take it themselves, admins assign anyone); null hands it back',
    tags: ['Alerts'],
    access: canAssignAlerts,
    params: idParamsSchema,
    body: alertAssignSchema,
    status: 200,
    response: alertSchema,
    description: 'The alert',
    errors: {
      400: 'The assignee is not an active operator or admin',
      403: 'Citizens cannot assign; operators assign only themselves',
      404: 'No such alert',
      409: 'The alert is resolved or dismissed',
    },
  },
  shelve: {
    method: 'post',
    path: '/api/alerts/{id}/shelve',
    summary:
      'Shelves an open or acknowledged alert for 1 to 1440 minutes with a reason (operator, admin)',
    notes:
      'A shelved alert keeps its status but leaves the active lists, counts and figures and does ' +
      'not escalate until `shelvedUntil`; it comes back then, or earlier when its value worsens. ' +
      'Shelving a shelved alert again sets a new time and reason. Recorded in the history and on ' +
      'the transparency ledger (without the reason).',
    tags: ['Alerts'],
    access: canHandleAlerts,
    params: idParamsSchema,
    body: alertShelveSchema,
    status: 200,
    response: alertSchema,
    description: 'The alert',
    errors: { 404: 'No such alert', 409: 'The alert is resolved or dismissed' },
  },
  unshelve: {
    method: 'post',
    path: '/api/alerts/{id}/unshelve',
    summary: 'Ends the shelve of an alert before its time (operator, admin)',
    tags: ['Alerts'],
    access: canHandleAlerts,
    params: idParamsSchema,
    status: 200,
    response: alertSchema,
    description: 'The alert, active again',
    errors: { 404: 'No such alert', 409: 'The alert is not shelved' },
  },
  acknowledge: transition('acknowledge', 'Acknowledges'),
  resolve: transition('resolve', 'Resolves'),
  dismiss: transition('dismiss', 'Dismisses'),
} as const satisfies Record<string, Endpoint>;

/** Acknowledge or resolve a whole flood group, with an optional note. */
function groupAction<A extends 'acknowledge' | 'resolve'>(action: A, verb: string) {
  return {
    method: 'post',
    path: `/api/alert-groups/{id}/${action}`,
    summary: `${verb} a group and its alerts as one (operator, admin)`,
    tags: ['Alerts'],
    access: canHandleAlerts,
    params: idParamsSchema,
    body: alertGroupActionBodySchema,
    bodyOptional: true,
    status: 200,
    response: alertGroupSchema,
    description: 'The group',
    errors: {
      404: 'No such group',
      409: 'The group is not in a status this action starts from',
    },
  } as const satisfies Endpoint;
}

/** The alarm floods: alerts of one kind raised together in a city, as one group. */
export const ALERT_GROUP_ENDPOINTS = {
  list: {
    method: 'get',
    path: '/api/alert-groups',
    summary:
      'Alarm floods: groups of alerts of one kind raised together in a city, the latest first',
    notes:
      'More than 20 alerts of one kind (sensor type and rule) raised in a city within 10 minutes ' +
      'become one group; later alerts of that kind join it while it is active. `status=active` ' +
      '(the default) lists the open and acknowledged groups. Residents are not shown groups of ' +
      'alerts only operators act on (sensors gone silent).',
    tags: ['Alerts'],
    access: 'signed-in',
    query: alertGroupListQuerySchema,
    status: 200,
    response: alertGroupListSchema,
    description: 'The groups',
  },
  get: {
    method: 'get',
    path: '/api/alert-groups/{id}',
    summary: 'One alert group with a page of its alerts in id order (`cursor` for the next page)',
    tags: ['Alerts'],
    access: 'signed-in',
    params: idParamsSchema,
    query: alertGroupMembersQuerySchema,
    status: 200,
    response: alertGroupDetailSchema,
    description: 'The group and a page of its alerts',
    errors: { 404: 'No such group' },
  },
  acknowledge: groupAction('acknowledge', 'Acknowledges'),
  resolve: groupAction('resolve', 'Resolves'),
} as const satisfies Record<string, Endpoint>;
