import CBLAS
import Testing

/// OpenBLAS is linked through the system-library target and computes.
@Suite struct CBLASTests {
    @Test func dgemmMultipliesMatrices() {
        // [1 2 3; 4 5 6] × [7 8; 9 10; 11 12] = [58 64; 139 154]
        let a: [Double] = [1, 2, 3, 4, 5, 6]
        let b: [Double] = [7, 8, 9, 10, 11, 12]
        var c = [Double](repeating: -1, count: 4)
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 3, 1.0, a, 3, b, 2, 0.0, &c, 2)
        #expect(c == [58, 64, 139, 154])
    }

    @Test func sgemmWithTransposeAndAccumulate() {
        // C = 2·Aᵀ·B + C with A 2×3 (so Aᵀ is 3×2), B 2×2.
        let a: [Float] = [1, 2, 3, 4, 5, 6]
        let b: [Float] = [1, 0, 0, 1]
        var c: [Float] = [1, 1, 1, 1, 1, 1]
        cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, 3, 2, 2, 2.0, a, 3, b, 2, 1.0, &c, 2)
        #expect(c == [3, 9, 5, 11, 7, 13])
    }
}
