import {
  CalendarCheckmarkRegular, ShieldCheckmarkRegular, DocumentSearchRegular, FlowchartRegular, MoneyHandRegular, PeopleSettingsRegular, ReceiptRegular, ScalesRegular, SettingsRegular, WalletRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';

const icons: Record<string, ReactElement> = {
  receipt: <ReceiptRegular />,
  wallet: <WalletRegular />,
  'money-hand': <MoneyHandRegular />,
  scales: <ScalesRegular />,
  'calendar-checkmark': <CalendarCheckmarkRegular />,
  'people-settings': <PeopleSettingsRegular />,
  settings: <SettingsRegular />,
  flowchart: <FlowchartRegular />,
  'document-search': <DocumentSearchRegular />,
  'checkmark-shield': <ShieldCheckmarkRegular />,
};

export const moduleIcon = (name: string) => icons[name] ?? <SettingsRegular />;
