// When an agent of each project last reported (the project resource's `lastActiveAgent`). Implemented by
// the context that receives agent reports; the projects' context reads it through this class only.
export abstract class AgentActivity {
  // Projects no agent ever reported for are absent from the map.
  abstract lastActiveOf(groupIds: string[]): Promise<Map<string, Date>>;
}
