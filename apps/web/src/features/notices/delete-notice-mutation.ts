import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTICE_ENDPOINTS } from '@smart-city/shared';
import { request } from '../../lib/api-client';
import { removeNotice } from '../../lib/notices/notice-cache';
import { updateNotices } from '../../lib/notices/notice-list-cache';
import { noticeQueryOptions } from '../../lib/notices/notice-query';

/**
 * DELETE /api/notices/:id (admins): once the server agrees and the notice's page has closed, the
 * notice leaves the saved list and its page's answer is dropped. Done while the page still shows
 * it, the page would ask the server again for a notice that is gone.
 */
export function useDeleteNotice(id: string) {
  const queryClient = useQueryClient();
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (deleted.current) {
        updateNotices(queryClient, (notices) => removeNotice(notices, id));
        queryClient.removeQueries({ queryKey: noticeQueryOptions(id).queryKey, exact: true });
      }
    },
    [queryClient, id],
  );
  return useMutation({
    mutationFn: () => request(NOTICE_ENDPOINTS.remove, { params: { id } }),
    onSuccess: () => {
      deleted.current = true;
    },
  });
}
