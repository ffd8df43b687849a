import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({ list: { margin: 0, paddingLeft: tokens.spacingHorizontalL } });

/** Every broken rule of a form at once, as bullet points under 'Error!' (spec section 8). */
export function FormErrors({ errors }: { errors: readonly string[] }) {
  const styles = useStyles();
  const t = useT();
  // The broken rules are the machines' and the server's English, said in the person's language.
  const said = useSaid();
  if (errors.length === 0) return null;
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>
        <MessageBarTitle>{t({ defaultMessage: 'Error!', id: 'DIDBlF' })}</MessageBarTitle>
        <ul className={styles.list}>
          {errors.map((e) => (
            <li key={e}>{said(e)}</li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
