declare module 'pdfmake/build/pdfmake' {
  const pdfMake: unknown;
  export default pdfMake;
}
declare module 'pdfmake/build/standard-fonts/Helvetica' {
  const container: unknown;
  export default container;
}
