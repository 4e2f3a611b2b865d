import type { Alert } from '@smart-city/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocket } from '../../lib/live/live-state';
import { refreshAlertHistory } from './alert-history-query';
import { patchCachedAlert, refreshAlertLists } from './alerts-query';

/**
 * Keeps the screen's queries in step with the live connection. The live state holds the city's
 * newest alerts and changes them as `alert:created`, `alert:updated` and `alert:deleted` arrive
 * (or a snapshot after a reconnect replaces them). Comparing each new version with the last one
 * tells what happened: a changed alert is patched into the lists at once; an alert that appeared,
 * went away, or changed status or severity also moves between filters, so lists and counts reload.
 * Value-only updates arrive every few seconds per active alert, and they never cost a request.
 */
export function useLiveAlertSync() {
  const { alerts } = useSocket();
  const queryClient = useQueryClient();
  const previous = useRef<readonly Alert[]>(alerts);

  useEffect(() => {
    const before = previous.current;
    previous.current = alerts;
    if (before === alerts) return;

    const beforeById = new Map(before.map((alert) => [alert.id, alert]));
    let membershipChanged = false;
    for (const alert of alerts) {
      const old = beforeById.get(alert.id);
      beforeById.delete(alert.id);
      if (old === alert) continue;
      if (old) patchCachedAlert(queryClient, alert);
      if (!old || old.status !== alert.status || old.severity !== alert.severity) {
        membershipChanged = true;
        if (old) void refreshAlertHistory(queryClient, alert.id);
      }
    }
    // Whatever is left was deleted (or pushed out of the live list by newer alerts).
    if (beforeById.size > 0) membershipChanged = true;
    if (membershipChanged) void refreshAlertLists(queryClient);
  }, [alerts, queryClient]);
}
