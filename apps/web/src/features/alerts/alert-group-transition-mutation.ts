import { ALERT_GROUP_ENDPOINTS } from '@smart-city/shared';
import type { AlertGroup, AlertGroupDetail } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { placeAlertGroup } from '../../lib/alert-groups/alert-groups.live';
import {
  alertGroupDetailQueryKey,
  cityAlertGroupsQueryKey,
} from '../../lib/alert-groups/alert-groups-query';
import { ApiRequestError, request, userFacingMessage } from '../../lib/api-client';
import { patchQuery } from '../../lib/live/patch-query';
import { refreshAlertLists } from './alerts-query';

/** What an operator does to a whole flood group. */
export type AlertGroupAction = 'acknowledge' | 'resolve';

/** Acknowledge only an open group; resolve an open or acknowledged one (as the server allows). */
export function groupActionsFor(group: Pick<AlertGroup, 'status'>): AlertGroupAction[] {
  if (group.status === 'open') return ['acknowledge', 'resolve'];
  if (group.status === 'acknowledged') return ['resolve'];
  return [];
}

interface AlertGroupTransitionInput {
  groupId: string;
  action: AlertGroupAction;
  /** Sent only when the operator wrote one. */
  note: string;
}

/** POST /api/alert-groups/:id/acknowledge|resolve with an optional note. */
async function postAlertGroupTransition({ groupId, action, note }: AlertGroupTransitionInput) {
  const body = note.trim() === '' ? {} : { note: note.trim() };
  return request(ALERT_GROUP_ENDPOINTS[action], { params: { id: groupId }, body });
}

/** The group's new copy in its city's list and on its own page; its members load again. */
function showGroup(queryClient: QueryClient, group: AlertGroup) {
  patchQuery<AlertGroup[]>(queryClient, cityAlertGroupsQueryKey(group.city), (groups) =>
    placeAlertGroup(groups, group),
  );
  patchQuery<InfiniteData<AlertGroupDetail>>(
    queryClient,
    alertGroupDetailQueryKey(group.id),
    (detail) => ({ ...detail, pages: detail.pages.map((page) => ({ ...page, group })) }),
  );
}

/**
 * Acknowledges or resolves a flood group and its alerts as one. On success the group changes in
 * place at once, and its members, the alert lists and counts load again (every member moved); a
 * refusal (409: someone else moved it first) says why and reloads the group, so the screen shows
 * where it is.
 */
export function useAlertGroupTransition() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: postAlertGroupTransition,
    onSuccess: async (group, { action }) => {
      showGroup(queryClient, group);
      toast.success(t(`alertGroups.done.${action}`), { id: `alert-group-${action}-${group.id}` });
      await Promise.all([
        refreshAlertLists(queryClient),
        queryClient.invalidateQueries({ queryKey: alertGroupDetailQueryKey(group.id) }),
      ]);
    },
    onError: async (error, { groupId, action }) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        // A group resolved meanwhile leaves the list with its form: the reason stays as a toast.
        toast.error(userFacingMessage(error) ?? t(`alertGroups.failed.${action}`), {
          id: `alert-group-refused-${groupId}`,
        });
        await Promise.all([
          refreshAlertLists(queryClient),
          queryClient.invalidateQueries({ queryKey: ['alert-groups'] }),
          queryClient.invalidateQueries({ queryKey: alertGroupDetailQueryKey(groupId) }),
        ]);
      }
    },
  });
}
