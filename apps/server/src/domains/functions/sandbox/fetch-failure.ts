/** A fetch the sandbox refused or could not complete; `message` is what the function's code sees. */
export class FetchFailure extends Error {
  override name = 'TypeError';
}
