/** 'Privacidade''s online calls: settings, requests, the record of processing and incidents. */
import type {
  ApiIncident,
  ApiPrivacyRequest,
  PrivacySettings,
  PrivacySettingsAnswer,
} from '~/domain/privacy';
import { apiRequest, browserTransport, request } from '~/lib/api';

export const readSettings = () => apiRequest<PrivacySettingsAnswer>('GET', '/api/privacidade');

export const saveSettings = (settings: PrivacySettings) =>
  apiRequest<PrivacySettingsAnswer>('PUT', '/api/privacidade', settings);

export const readRequests = () =>
  apiRequest<ApiPrivacyRequest[]>('GET', '/api/privacidade/solicitacoes');

export const markAnswered = (id: string) =>
  apiRequest<ApiPrivacyRequest>(
    'POST',
    `/api/privacidade/solicitacoes/${encodeURIComponent(id)}/atendida`,
  );

export const readIncidents = () => apiRequest<ApiIncident[]>('GET', '/api/privacidade/incidentes');

export const recordIncident = (fields: { what: string; data: string; affected: string }) =>
  apiRequest<ApiIncident>('POST', '/api/privacidade/incidentes', {
    ...fields,
    knownAt: new Date().toISOString(),
  });

/** The record of processing as a file (the request needs the session's bearer token). */
export async function downloadRecord(): Promise<void> {
  const res = await request(browserTransport, 'GET', '/api/privacidade/registro.csv');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'registro-de-tratamento.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
