// The site styles edited from the page editor: the saved ones, the panel's draft (previewed in
// the frame until saved, when it is valid) and saving it.
import { useState } from 'react';
import type { SiteSettings, SiteStyles } from '@sc/contracts';
import { api, problemOf, useApi } from '../data.js';
import * as M from './model.js';
import { apiPath } from '../../api/client.js';

export function useSiteStyles(
  websiteId: string,
  report: { setError: (message: string | undefined) => void; setNotice: (message: string) => void },
) {
  const settings = useApi<SiteSettings>(apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }));
  const [stylesDraft, setStylesDraft] = useState<SiteStyles>();
  const [showStyles, setShowStyles] = useState(false);
  const [stylesBusy, setStylesBusy] = useState(false);
  const savedStyles = settings.data?.styles;
  const stylesDirty = stylesDraft !== undefined && JSON.stringify(stylesDraft) !== JSON.stringify(savedStyles);
  const previewStyles = stylesDirty && stylesDraft && !M.stylesProblem(stylesDraft) ? stylesDraft : undefined;

  const saveStyles = async () => {
    if (!stylesDraft) return;
    setStylesBusy(true);
    report.setError(undefined);
    try {
      const stored = await api<SiteSettings>('PUT', apiPath('/content-service/1.0/websites/{websiteId}/settings', { websiteId }), {
        styles: stylesDraft,
      });
      settings.set(stored);
      setStylesDraft(undefined);
      report.setNotice('Site styles saved');
    } catch (failure) {
      report.setError(problemOf(failure));
    } finally {
      setStylesBusy(false);
    }
  };

  return {
    settingsError: settings.error,
    savedStyles,
    stylesDraft,
    setStylesDraft,
    showStyles,
    setShowStyles,
    stylesBusy,
    stylesDirty,
    previewStyles,
    saveStyles,
  };
}

export type SiteStylesState = ReturnType<typeof useSiteStyles>;
