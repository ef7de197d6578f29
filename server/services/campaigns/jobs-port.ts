/** What the campaign services ask of the job system (pg-boss in the runtime; a stub in tests). */
export type CampaignJobs = {
  /** Start the campaign at `at`: fix its recipients, then wake its store's sender. */
  scheduleStart(campaignId: string, storeId: string, at: Date): Promise<void>;
  /** Run the store's sender now (or at `at`); a sender already running makes this a no-op. */
  wakeSender(storeId: string, at?: Date): Promise<void>;
};
