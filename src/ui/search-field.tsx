/** A search box with its icon, as the catalogue screens use it (the label is for screen readers). */
import { css } from 'styled-system/css';
import { inputStyle } from './field';
import { SearchIcon } from './icons';

export type SearchFieldProps = {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
};

export function SearchField({ label, placeholder, value, onChange, className }: SearchFieldProps) {
  return (
    <div className={`${css({ position: 'relative' })} ${className ?? ''}`}>
      <SearchIcon
        size={18}
        className={css({
          position: 'absolute',
          left: '3',
          top: '50%',
          transform: 'translateY(-50%)',
          color: 'muted',
        })}
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputStyle} ${css({ pl: '10' })}`}
      />
    </div>
  );
}
