/**
 * One row per weekday: open switch and opening/closing times, or 'Fechado' (spec §2). A closing
 * before the opening is shown as closing the next day; equal times are flagged on the row.
 */
import { css } from 'styled-system/css';
import {
  type BusinessHours,
  closesNextDay,
  type DayHours,
  formatDayHours,
  hoursProblem,
  sameTimeMessage,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '~/domain/hours';
import { toast } from '~/lib/toast';
import { inputStyle } from '~/ui/field';
import { Switch } from '~/ui/switch';

type Props = { value: BusinessHours; onChange: (next: BusinessHours) => void };

const timeLabel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  fontSize: 'xs',
  color: 'muted',
  flex: '1',
});

/**
 * Says why the week cannot be saved (a toast titled `title`): equal opening and closing on an
 * open day; the row already shows which day. True when it cannot.
 */
export function refuseHours(hours: BusinessHours, title: string): boolean {
  const problem = hoursProblem(hours);
  if (problem) toast.error(title, problem.message);
  return problem !== null;
}

/** One time of a day (opening or closing); a cleared input keeps the last time. */
function TimeField(props: { label: string; value: string; onChange: (value: string) => void }) {
  const { label, value, onChange } = props;
  return (
    <label className={timeLabel}>
      {label}
      <input
        type="time"
        required
        className={inputStyle}
        value={value}
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
    </label>
  );
}

export function HoursEditor({ value, onChange }: Props) {
  const update = (day: keyof BusinessHours, patch: Partial<DayHours>) =>
    onChange({ ...value, [day]: { ...value[day], ...patch } });
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {WEEKDAYS.map((day) => {
        const hours = value[day];
        const label = WEEKDAY_LABELS[day];
        return (
          <li
            key={day}
            data-testid={`day-${day}`}
            className={css({
              bg: 'surface',
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'xl',
              px: '4',
              py: '3',
            })}
          >
            <div
              className={css({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '3',
              })}
            >
              <span className={css({ fontWeight: 'semibold' })}>{label}</span>
              <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
                {hours.enabled ? null : (
                  <span className={css({ color: 'muted', fontSize: 'sm' })}>Fechado</span>
                )}
                <Switch
                  checked={hours.enabled}
                  onCheckedChange={(enabled) => update(day, { enabled })}
                  label={`${label} aberto`}
                  hideLabel
                />
              </div>
            </div>
            {hours.enabled ? (
              <div className={css({ display: 'flex', gap: '3', mt: '2' })}>
                <TimeField
                  label="Abertura"
                  value={hours.start}
                  onChange={(start) => update(day, { start })}
                />
                <TimeField
                  label="Fechamento"
                  value={hours.end}
                  onChange={(end) => update(day, { end })}
                />
              </div>
            ) : null}
            {hours.enabled && hours.start === hours.end ? (
              <p role="alert" className={css({ mt: '2', fontSize: 'sm', color: 'danger' })}>
                {sameTimeMessage(day)}
              </p>
            ) : hours.enabled && closesNextDay(hours) ? (
              <p className={css({ mt: '2', fontSize: 'sm', color: 'muted' })}>
                Fecha depois da meia-noite: {formatDayHours(hours)}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
