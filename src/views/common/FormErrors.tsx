import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({ list: { margin: 0, paddingLeft: tokens.spacingHorizontalL } });

/** Every broken rule of a form at once, as bullet points under 'Error!' (spec section 8). */
export function FormErrors({ errors }: { errors: readonly string[] }) {
  const styles = useStyles();
  if (errors.length === 0) return null;
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>
        <MessageBarTitle>Error!</MessageBarTitle>
        <ul className={styles.list}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
