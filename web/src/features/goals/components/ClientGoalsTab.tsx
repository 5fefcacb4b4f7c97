/** The 'Goals & Progress' tab of the Edit Client dialog (being built: goals feature). */
export function ClientGoalsTab(_props: { clientId: string }) {
  return null;
}
