/** The register form's zod validation, imported on the form's first focus (./register-screen.tsx). */
import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema } from '~/domain/auth-schema';

export const registerResolver = zodResolver(registerFormSchema);
