import { useState } from 'react';
import { PRODUCT_NAME } from './brand';
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
import { useT } from '../i18n/useT';

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

const asText = (heading: string[], codes: string[]) => `${heading.join('\n')}\n\n${codes.join('\n')}\n`;

/**
 * The ten recovery codes, shown this once (issue 44): a list a screen reader reads code by code, Copy and
 * Download (.txt), and "I have saved these codes", the only way out: it cannot be dismissed by accident.
 */
export function RecoveryCodesDialog({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const styles = useStyles();
  const t = useT();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <MachineDialog modalType="alert">
      <DialogSurface aria-describedby="recovery-codes-help">
        <DialogBody>
          <DialogTitle>{t({ defaultMessage: 'Save your recovery codes', id: 'n0fdpg' })}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text id="recovery-codes-help">
              {t({
                defaultMessage:
                  'If you lose your authenticator app, each of these codes signs you in once instead. Keep them ' +
                  'somewhere safe: they are shown only now.',
                id: 'Yo8Mhj',
              })}
            </Text>
            <ol
              className={styles.codes}
              aria-label={t({ defaultMessage: 'Recovery codes', id: 'a0PUqs' })}
              data-testid="recovery-codes"
            >
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ol>
            <div className={styles.tools}>
              <Button
                icon={<CopyRegular />}
                onClick={async () => setCopied(await writeClipboardText(codes.join('\n')))}
              >
                {t({ defaultMessage: 'Copy', id: '4l6vz1' })}
              </Button>
              <Button
                icon={<ArrowDownloadRegular />}
                onClick={() =>
                  saveTextFile(
                    asText(
                      [
                        t({ defaultMessage: '{product} recovery codes', id: '0uslUy' }, { product: PRODUCT_NAME }),
                        t({
                          defaultMessage: 'Each code signs in once instead of the authenticator app.',
                          id: 'Ma/332',
                        }),
                      ],
                      codes,
                    ),
                    'recovery-codes.txt',
                  )
                }
              >
                {t({ defaultMessage: 'Download (.txt)', id: '+wvBIO' })}
              </Button>
            </div>
            <Text role="status">
              {copied === true
                ? t({ defaultMessage: 'Copied.', id: 'EPS+mh' })
                : copied === false
                  ? t({
                      defaultMessage: 'The browser refused the clipboard: select the codes to copy them.',
                      id: 'QOfvm9',
                    })
                  : ''}
            </Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onSaved}>
              {t({ defaultMessage: 'I have saved these codes', id: 'LyfHWE' })}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
