// The web app shell (sign-in, sidebar, live data) is built by the next issue; until then the
// server serves this page so `npm start` shows that Aisle is up.
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '3rem', maxWidth: 640 }}>
      <h1>Aisle</h1>
      <p>Intelligent AI solutions for modern business.</p>
      <p>
        The REST API is at <code>/api/</code> (documentation at <a href="/api/docs">/api/docs</a>).
      </p>
      <p>
        The live data API is at <code>/graphql</code>.
      </p>
    </main>
  );
}
