import {
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { DEFAULT_LANGUAGE, type Language } from '../../i18n/language';
import { useSaid, useT } from '../../i18n/useT';
import type { languageMachine } from '../../machines/languageMachine';
import { languageSettingMachine } from '../../machines/languageSettingMachine';
import { LanguageSwitch } from '../common/LanguageSwitch';
import { SessionContext } from '../SessionContext';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/**
 * User Settings' "Language" card (issue 48): the switch shows the language shown (the session's language machine:
 * the one loading, else the one shown); choosing another saves it for the person (its machine makes the call,
 * `logic` for tests), then the session speaks it. Disabled while saving; 'Language saved.' or the refusal in place.
 */
export function LanguageCard({ logic = languageSettingMachine }: { logic?: typeof languageSettingMachine }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const session = SessionContext.useActorRef();
  const language = SessionContext.useSelector((s) => s.children.language) as
    ActorRefFrom<typeof languageMachine> | undefined;
  const shown = useSelector(language, (s) => (s ? (s.context.pending ?? s.context.language) : DEFAULT_LANGUAGE));
  const actor = useActorRef(logic, {
    input: { onSaved: (chosen: Language) => session.send({ type: 'CHOOSE_LANGUAGE', language: chosen }) },
  });
  const { saving, notice, error } = useSelector(
    actor,
    (s) => ({ saving: s.matches('saving'), notice: s.context.notice, error: s.context.error }),
    (a, b) => a.saving === b.saving && a.notice === b.notice && a.error === b.error,
  );
  return (
    <Card className={styles.card}>
      <CardHeader
        image={<LocalLanguageRegular fontSize={28} />}
        header={<Title3 as="h2">{t({ defaultMessage: 'Language', id: 'y1Z3or' })}</Title3>}
      />
      <Text>
        {t({ defaultMessage: 'The language the app speaks to you, on every browser you sign in on.', id: 'Eji0G2' })}
      </Text>
      <LanguageSwitch
        language={shown}
        disabled={saving}
        onChoose={(chosen) => actor.send({ type: 'CHOOSE', language: chosen })}
      />
      {saving && <Spinner size="tiny" label={t({ defaultMessage: 'Saving…', id: 'WUV28A' })} />}
      {notice && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{said(notice)}</MessageBarBody>
        </MessageBar>
      )}
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{said(error)}</MessageBarBody>
        </MessageBar>
      )}
    </Card>
  );
}
