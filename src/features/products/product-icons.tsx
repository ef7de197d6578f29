/** Icons the catalogue screens need beyond src/ui/icons (same 24×24 lucide-style strokes). */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function StrokeIcon({ size = 22, paths, ...rest }: IconProps & { paths: string[] }) {
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

const EDIT = ['M12 20h9', 'M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z'];
const TRASH = ['M3 6h18', 'M8 6V4h8v2', 'M19 6l-1 14H6L5 6', 'M10 11v6', 'M14 11v6'];
const UPLOAD = ['M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'M17 8l-5-5-5 5', 'M12 3v12'];
const SEARCH = ['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.35-4.35'];

export const EditIcon = (props: IconProps) => <StrokeIcon paths={EDIT} {...props} />;
export const TrashIcon = (props: IconProps) => <StrokeIcon paths={TRASH} {...props} />;
export const UploadIcon = (props: IconProps) => <StrokeIcon paths={UPLOAD} {...props} />;
export const SearchIcon = (props: IconProps) => <StrokeIcon paths={SEARCH} {...props} />;
