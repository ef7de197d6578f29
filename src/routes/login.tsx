import { createFileRoute } from '@tanstack/react-router';
import { css } from 'styled-system/css';

export const Route = createFileRoute('/login')({
  component: () => <h1 className={css({ fontSize: 'xl', p: '4' })}>Login</h1>,
});
