import { ALERT_NOTE_MAX_LENGTH } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { actionButton, otherActionButton } from '../../components/button-styles';
import { RecordActions, type RecordMutation } from '../../components/record-actions';

/**
 * The actions an operator may take on an alert or a flood group, each with an optional note:
 * acknowledge first and in the strong style. `texts` names the words of an action (its button,
 * its form's title, while it is sent, when it failed) and the note's hint.
 */
export function NotedActions<A extends string>({
  actions,
  mutation,
  testId,
  texts,
}: {
  actions: readonly A[];
  mutation: RecordMutation<A>;
  /** `<testId>-<action>` on each button, `testId` on the form. */
  testId: string;
  texts: {
    label: (action: A) => string;
    title: (action: A) => string;
    pending: (action: A) => string;
    failed: (action: A) => string;
    hint: string;
  };
}) {
  const { t } = useTranslation();
  return (
    <RecordActions
      actions={actions}
      mutation={mutation}
      testId={testId}
      texts={{
        ...texts,
        noteLabel: t('alerts.noteLabel'),
        noteHint: texts.hint,
        back: t('alerts.cancel'),
      }}
      noteMaxLength={ALERT_NOTE_MAX_LENGTH}
      buttonClassName={(action) => (action === 'acknowledge' ? actionButton : otherActionButton)}
    />
  );
}
