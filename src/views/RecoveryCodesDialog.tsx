import { useState } from 'react';
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, CopyRegular } from '@fluentui/react-icons';
import { writeClipboardText } from '../services/clipboard';
import { saveTextFile } from '../services/download';
import { MachineDialog } from './common/MachineDialog';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  codes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, max-content)',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
    padding: tokens.spacingHorizontalL,
    listStyleType: 'none',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  tools: { display: 'flex', gap: tokens.spacingHorizontalS },
});

const asText = (codes: string[]) =>
  `Payments Back Office recovery codes\nEach code signs in once instead of the authenticator app.\n\n${codes.join('\n')}\n`;

/**
 * The ten recovery codes, shown this once (issue 44): a list a screen reader reads code by code, Copy and
 * Download (.txt), and "I have saved these codes", the only way out: it cannot be dismissed by accident.
 */
export function RecoveryCodesDialog({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const styles = useStyles();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <MachineDialog modalType="alert">
      <DialogSurface aria-describedby="recovery-codes-help">
        <DialogBody>
          <DialogTitle>Save your recovery codes</DialogTitle>
          <DialogContent className={styles.content}>
            <Text id="recovery-codes-help">
              If you lose your authenticator app, each of these codes signs you in once instead. Keep them somewhere
              safe: they are shown only now.
            </Text>
            <ol className={styles.codes} aria-label="Recovery codes" data-testid="recovery-codes">
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ol>
            <div className={styles.tools}>
              <Button
                icon={<CopyRegular />}
                onClick={async () => setCopied(await writeClipboardText(codes.join('\n')))}
              >
                Copy
              </Button>
              <Button icon={<ArrowDownloadRegular />} onClick={() => saveTextFile(asText(codes), 'recovery-codes.txt')}>
                Download (.txt)
              </Button>
            </div>
            <Text role="status">
              {copied === true
                ? 'Copied.'
                : copied === false
                  ? 'The browser refused the clipboard: select the codes to copy them.'
                  : ''}
            </Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onSaved}>
              I have saved these codes
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
