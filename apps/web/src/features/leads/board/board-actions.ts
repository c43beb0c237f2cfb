import type { Lead, LeadColumn, LeadIncrementInput, LeadSection } from '@crm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../shared/api/api-client';
import { errorMessage, isHandledGlobally } from '../../../shared/api/error-message';
import { boardKey, leadListsKey, postBoardChange } from '../leads-api';
import { newUuid } from '../live/client-id';
import type { MoveTarget } from './board-store';
import type { LiveBoard } from './use-live-board';

/**
 * The changes a user makes to the board. A card moves (or leaves) at once and the stored record
 * confirms or corrects it; a refused change reloads the board, so the screen shows the truth again.
 * Every change carries this tab's `client_id`, so its echo is recognised.
 */
export function useBoardActions(live: LiveBoard, branchId: number) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { store, refresh } = live;

  return useMemo(() => {
    const send = (change: Omit<LeadIncrementInput, 'client_id'>) =>
      postBoardChange(branchId, { ...change, client_id: store.clientId });
    const reload = () => queryClient.invalidateQueries({ queryKey: boardKey(branchId) });
    // The list views show what the board shows: refresh them after a change from any view.
    const refreshLists = () => queryClient.invalidateQueries({ queryKey: leadListsKey });
    const refused = (error: unknown) => {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    };

    /** Runs a change of one card: optimistic first, then the answer; a failure reloads and rethrows. */
    const changeCard = async (lead: Lead, optimistic: () => boolean, request: () => Promise<unknown>) => {
      optimistic();
      try {
        const answer = await request();
        const isRecord = typeof answer === 'object' && answer !== null && 'time' in answer && 'action' in answer;
        store.settle(lead.uuid, isRecord ? (answer as Parameters<typeof store.settle>[1]) : null);
        void refreshLists();
      } catch (error) {
        store.settle(lead.uuid, null);
        void reload();
        throw error;
      }
    };

    const move = (lead: Lead, target: MoveTarget) =>
      changeCard(
        lead,
        () => store.moveLocally(lead.uuid, target),
        () =>
          send({
            action: 'update',
            type: 'lead',
            uuid: lead.uuid,
            data: { after_uuid: target.afterUuid },
            location: { column: target.column, section: target.sectionId },
          }),
      ).catch(refused);

    const archive = (lead: Lead, reasonId: number) =>
      changeCard(
        lead,
        () => store.removeLocally(lead.uuid),
        () => send({ action: 'delete', type: 'lead', uuid: lead.uuid, data: { reason_id: reasonId } }),
      );

    const toBranch = (lead: Lead, targetBranch: number, column: LeadColumn) =>
      changeCard(
        lead,
        () => store.removeLocally(lead.uuid),
        () =>
          send({
            action: 'update',
            type: 'lead',
            uuid: lead.uuid,
            data: { after_uuid: null, branch_id: targetBranch },
            location: { column, section: null },
          }),
      );

    /** Spec §4 "a set can become a group": the lead becomes a trial student of the group. */
    const toStudent = (lead: Lead, groupId: number) =>
      changeCard(
        lead,
        () => store.removeLocally(lead.uuid),
        async () => {
          const answer = await apiRequest<unknown>(`/group/lead/${lead.id}`, {
            method: 'POST',
            body: { group_id: groupId, client_id: store.clientId },
          });
          void queryClient.invalidateQueries({ queryKey: ['groups'] });
          void queryClient.invalidateQueries({ queryKey: ['people'] });
          refresh();
          return answer;
        },
      );

    const sectionChange = async (change: Omit<LeadIncrementInput, 'client_id'>) => {
      store.applyOwn(await send(change));
    };
    const addSection = (column: LeadColumn, title: string) =>
      sectionChange({
        action: 'create',
        type: 'section',
        uuid: newUuid(),
        data: { title },
        location: { column, section: null },
      });
    const renameSection = (section: LeadSection, title: string) =>
      sectionChange({ action: 'update', type: 'section', uuid: section.uuid, data: { title } });
    const deleteSection = (section: LeadSection) =>
      sectionChange({ action: 'delete', type: 'section', uuid: section.uuid, data: {} });
    /** Column settings: the branch's own title of a column ('' restores the standard name). */
    const renameColumn = (column: LeadColumn, title: string) =>
      sectionChange({
        action: 'update',
        type: 'element',
        uuid: newUuid(),
        data: { title },
        location: { column, section: null },
      });

    return { move, archive, toBranch, toStudent, addSection, renameSection, deleteSection, renameColumn };
  }, [branchId, message, queryClient, refresh, store, t]);
}

export type BoardActions = ReturnType<typeof useBoardActions>;
