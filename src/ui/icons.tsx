/** Inline stroke icons (24×24, lucide-style paths) so no icon font or library ships to the phone. */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ paths, size = 22, ...rest }: IconProps & { paths: string[] }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const icon = (paths: string[]) => (props: IconProps) => <Svg paths={paths} {...props} />;

export const ArrowLeftIcon = icon(['M19 12H5', 'M12 19l-7-7 7-7']);
export const ChevronRightIcon = icon(['M9 18l6-6-6-6']);
export const CloseIcon = icon(['M18 6 6 18', 'M6 6l12 12']);
export const SettingsIcon = icon([
  'M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z',
  'M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
]);
export const HomeIcon = icon(['M3 10.5 12 3l9 7.5', 'M5 9.5V21h14V9.5', 'M10 21v-6h4v6']);
export const PackageIcon = icon(['M21 8 12 3 3 8v8l9 5 9-5z', 'M3 8l9 5 9-5', 'M12 13v8']);
export const UsersIcon = icon([
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  'M13 7a4 4 0 1 1-8 0 4 4 0 0 1 8 0z',
  'M22 21v-2a4 4 0 0 0-3-3.87',
  'M16 3.13a4 4 0 0 1 0 7.75',
]);
export const MegaphoneIcon = icon([
  'M3 11v2a1 1 0 0 0 1 1h3l6 4V6L7 10H4a1 1 0 0 0-1 1z',
  'M17 8a5 5 0 0 1 0 8',
  'M7 14l1 5h3l-1-5',
]);
export const QrCodeIcon = icon([
  'M3 3h7v7H3z',
  'M14 3h7v7h-7z',
  'M3 14h7v7H3z',
  'M14 14h3v3h-3z',
  'M20 14v.01',
  'M14 20h.01',
  'M17 20h4v-3',
]);
export const PlusIcon = icon(['M12 5v14', 'M5 12h14']);
export const ChartIcon = icon(['M3 3v18h18', 'M8 17v-5', 'M13 17V8', 'M18 17v-8']);
export const SendIcon = icon(['M22 2 11 13', 'M22 2l-7 20-4-9-9-4z']);
export const MessageIcon = icon([
  'M21 11.5a8.38 8.38 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.38 8.38 0 0 1-3.8-.9L3 21l1.9-5.7a8.38 8.38 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.38 8.38 0 0 1 3.8-.9h.5a8.48 8.48 0 0 1 8 8z',
]);
export const StoreIcon = icon([
  'M3 9l1.5-5h15L21 9',
  'M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0z',
  'M5 12v9h14v-9',
  'M10 21v-5h4v5',
]);
export const ClockIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 6v6l4 2']);
export const LogOutIcon = icon([
  'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4',
  'M16 17l5-5-5-5',
  'M21 12H9',
]);
/** The open tray under the arrow of the download and upload icons. */
const TRAY = 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4';
export const DownloadIcon = icon([TRAY, 'M7 10l5 5 5-5', 'M12 15V3']);
export const ChevronDownIcon = icon(['M6 9l6 6 6-6']);
export const CheckIcon = icon(['M20 6 9 17l-5-5']);
export const CopyIcon = icon([
  'M11 9h9a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2z',
  'M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1',
]);
export const EditIcon = icon(['M12 20h9', 'M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z']);
export const TrashIcon = icon([
  'M3 6h18',
  'M8 6V4h8v2',
  'M19 6l-1 14H6L5 6',
  'M10 11v6',
  'M14 11v6',
]);
export const UploadIcon = icon([TRAY, 'M17 8l-5-5-5 5', 'M12 3v12']);
export const SearchIcon = icon(['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.35-4.35']);
export const BellIcon = icon([
  'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9',
  'M10.3 21a1.94 1.94 0 0 0 3.4 0',
]);
export const LockIcon = icon([
  'M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2z',
  'M7 11V7a5 5 0 0 1 10 0v4',
]);
