// The frame of the console's sign-in pages (no menu: nobody is signed in yet).
export function SignInFrame({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen items-start justify-center bg-stone-100 px-4 py-10 md:items-center">
      <main className="w-full max-w-md bg-white p-6 ring-1 ring-stone-200 md:p-8">
        <p className="eyebrow text-center">Back office</p>
        <h1 className="mt-2 text-center font-serif text-3xl">{title}</h1>
        <p className="mt-2 text-center text-sm text-stone-600">{intro}</p>
        {children}
      </main>
    </div>
  );
}
